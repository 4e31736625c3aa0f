/**
 * The company an operator's request is about, resolved once by the edge that received it (the
 * CLI's `--company`), as the API's principal carries the caller's company. Services take it and
 * never look a company up by code themselves; the code is there for their messages.
 */
export interface CompanyRef {
  readonly id: number;
  readonly code: string;
}
