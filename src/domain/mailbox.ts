/**
 * E-mail addresses as the delivery settings and a resend take them: a bare address
 * (`facturas@acme.hn`) or, for a sender, a display name and the address in angle brackets
 * (`Facturas Acme <facturas@acme.hn>`), as a mail header writes them.
 */
const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
const NAMED = /^([^<>"]*?)\s*<([^<>]+)>$/;

/** Whether `value` is one plain e-mail address. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && ADDRESS.test(value);
}

/** Whether `value` is one mailbox: an address, or a display name and an address in <>. */
export function isMailbox(value: string): boolean {
  const named = NAMED.exec(value.trim());
  return named === null ? isEmailAddress(value.trim()) : isEmailAddress(named[2]);
}

/** The domain of a mailbox's address (what a Message-ID is qualified with). */
export function mailboxDomain(value: string): string {
  const named = NAMED.exec(value.trim());
  const address = named === null ? value.trim() : named[2];
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}
