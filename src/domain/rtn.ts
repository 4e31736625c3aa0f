/**
 * A Honduran RTN (tax id): exactly 14 digits, and never fourteen equal digits, which SAR issues to
 * nobody and staff type for a buyer they could not identify (`00000000000000`). One rule wherever
 * an RTN is taken: a client, a sale's buyer, the setup file (decision 70).
 */
export function isValidRtn(value: string): boolean {
  return /^\d{14}$/.test(value) && !/^(\d)\1{13}$/.test(value);
}

/** The rule in words, for the refusals that name it. */
export const RTN_RULE = 'exactly 14 digits, not all the same digit';

/**
 * Whether a stored legalId identifies its holder: a client stored before fourteen equal digits
 * were refused may still hold `00000000000000`, which identifies nobody, so it counts as none
 * where the law needs an identified buyer (a large sale, an exonerated one).
 */
export function identifiesByRtn(legalId: string | null | undefined): boolean {
  return !!legalId && isValidRtn(legalId);
}
