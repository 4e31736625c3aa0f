/** An error answer: exactly this status and a body of `{code, message}` with nothing else. */
export function expectError(res: { status: number; body: unknown }, status: number, code: string): void {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { code, message: expect.any(String) } });
}
