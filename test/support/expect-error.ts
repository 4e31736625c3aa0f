import { AppError } from '../../src/domain/app-error';

/** An error answer: exactly this status and a body of `{code, message}` with nothing else. */
export function expectError(res: { status: number; body: unknown }, status: number, code: string): void {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { code, message: expect.any(String) } });
}

/** The code and message of the AppError `run` throws; fails the test when it throws none. */
export function refusalOf(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal, got none');
}
