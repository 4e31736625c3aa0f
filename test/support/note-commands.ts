/**
 * The arguments of `admin note credit` or `admin note debit` for one invoice, with the reason every
 * note needs; `more` says what the note credits or charges (`--return 1:1`, `--description ...`)
 * and anything else (`--key`, `--json`).
 */
export function noteCommand(type: 'credit' | 'debit', company: string, invoiceId: number, reason: string, ...more: string[]): string[] {
  return ['note', type, '--company', company, '--invoice-id', String(invoiceId), '--reason', reason, ...more];
}
