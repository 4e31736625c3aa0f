import type { DocumentIssue } from '../../documents';

/** What the numbered write gives every document it writes, as the document stores it: the CAI and range the number came from, and its verification token. */
export function numberedFields(taken: DocumentIssue) {
  return {
    cai: taken.range.cai,
    caiRangeStart: taken.range.rangeStart,
    caiRangeEnd: taken.range.rangeEnd,
    caiDeadline: taken.range.deadline,
    verificationToken: taken.verificationToken,
  };
}
