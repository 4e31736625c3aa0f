import type { DocumentIssue } from '../../documents';

/**
 * What the numbered write gives every document it writes, as the document's view holds it: the CAI
 * and range the number came from, its verification token and address base, its letterhead versions.
 */
export function numberedFields(taken: DocumentIssue) {
  return {
    cai: taken.range.cai,
    caiRangeStart: taken.range.rangeStart,
    caiRangeEnd: taken.range.rangeEnd,
    caiDeadline: taken.range.deadline,
    verificationToken: taken.verificationToken,
    verificationBaseUrl: taken.verificationBaseUrl,
    versions: taken.versions,
  };
}
