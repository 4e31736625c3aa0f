import { AppError } from '../../../domain/app-error';

/** More problems than this are summarised, so one bad file cannot flood the terminal. */
const MAX_LISTED_PROBLEMS = 50;

/**
 * A setup file that cannot be applied: SETUP_INVALID, so every edge treats it as any AppError. Each
 * problem reads `<path>: <reason>`, for example `priceLists[0].prices[3].product: unknown product
 * P-999`; `problems` keeps them apart for an edge that lists them, and the message joins them on
 * one line with '; ', because the CLI prints the message as its single stderr line.
 */
export class SetupValidationError extends AppError {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    const clean = problems.map((p) => p.replace(/\s*[\r\n]+\s*/g, ' '));
    const listed = clean.slice(0, MAX_LISTED_PROBLEMS);
    const more = clean.length - listed.length;
    super('SETUP_INVALID', `${listed.join('; ')}${more > 0 ? `; and ${more} more problem(s)` : ''}`);
    this.name = 'SetupValidationError';
    this.problems = clean;
  }
}

/** Collects `<path>: <reason>` problems while a document is checked, to report them all at once. */
export class ProblemList {
  private readonly items: string[] = [];

  add(path: string, reason: string): void {
    this.items.push(`${path || 'document'}: ${reason}`);
  }

  get count(): number {
    return this.items.length;
  }

  /** @throws SetupValidationError when anything was added. */
  throwIfAny(): void {
    if (this.items.length > 0) throw this.toError();
  }

  toError(): SetupValidationError {
    return new SetupValidationError(this.items);
  }
}
