/**
 * The Spanish words every view of a fiscal document uses (the PDF, the sales register, the console,
 * the verification page, the CLI's lists), in one place so that they cannot drift apart: the state
 * of an issued document, and the buyer of a sale that names none.
 */

/** An issued document's state: in force, or annulled (its number stays used; Art. 41). */
export type DocumentState = 'VIGENTE' | 'ANULADA';

export const ANNULLED: DocumentState = 'ANULADA';
export const LIVE: DocumentState = 'VIGENTE';

export function documentState(annulled: boolean): DocumentState {
  return annulled ? ANNULLED : LIVE;
}

/** The buyer printed and listed for a sale without a client. */
export const CONSUMIDOR_FINAL = 'CONSUMIDOR FINAL';

/** The buyer's name as printed and listed: the client's, else CONSUMIDOR FINAL. */
export function buyerName(clientName: string | null | undefined): string {
  return clientName ?? CONSUMIDOR_FINAL;
}
