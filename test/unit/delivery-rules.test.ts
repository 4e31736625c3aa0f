import { afterFailedAttempt, DELIVERY_RETRY_DELAYS_MS, isDeliveryStatus } from '../../src/domain/delivery-schedule';
import { isEmailAddress, isMailbox, mailboxDomain } from '../../src/domain/mailbox';
import { documentMail } from '../../src/services/delivery/document-mail';
import type { ClaimedMessage } from '../../src/services/delivery/delivery-queue';

describe('afterFailedAttempt: retries after 1, 5, 30 minutes, 2 and 12 hours, then FAILED', () => {
  const now = new Date('2026-11-30T12:00:00.000Z');
  it.each([
    [1, 60_000],
    [2, 5 * 60_000],
    [3, 30 * 60_000],
    [4, 2 * 3600_000],
    [5, 12 * 3600_000],
  ])('after attempt %i waits %i ms', (attempts, delay) => {
    expect(afterFailedAttempt(attempts, now)).toEqual({ status: 'QUEUED', nextAttemptAt: new Date(now.getTime() + delay) });
  });
  it('gives up after the sixth attempt', () => {
    expect(DELIVERY_RETRY_DELAYS_MS).toHaveLength(5);
    expect(afterFailedAttempt(6, now)).toEqual({ status: 'FAILED' });
  });
  it('knows its three states', () => {
    expect(['QUEUED', 'SENT', 'FAILED', 'queued', 'LOST'].filter(isDeliveryStatus)).toEqual(['QUEUED', 'SENT', 'FAILED']);
  });
});

describe('mailboxes', () => {
  it('takes an address alone or after a name, and gives its domain', () => {
    expect(isMailbox('Facturas Acme <facturas@acme.hn>')).toBe(true);
    expect(isMailbox('facturas@acme.hn')).toBe(true);
    expect(mailboxDomain('Facturas Acme <Facturas@ACME.hn>')).toBe('acme.hn');
    expect(mailboxDomain('a@b.hn')).toBe('b.hn');
  });
  it('refuses what is not one address', () => {
    for (const bad of ['Facturas Acme', 'a@b', 'a b@c.hn', 'a@b.hn, c@d.hn', '<a@b.hn', 'x <y>']) expect(isMailbox(bad)).toBe(false);
    expect(isEmailAddress('Facturas <a@b.hn>')).toBe(false);
  });
});

describe('documentMail', () => {
  const message = {
    id: 7,
    companyName: 'Comercial Acme',
    from: 'Facturas <f@acme.hn>',
    recipient: 'c@cliente.hn',
    replyTo: null,
    bcc: 'archivo@acme.hn',
    messageId: '<x@acme.hn>',
  } as ClaimedMessage;
  const doc = {
    documentType: 'debitNote' as const,
    fiscalNumber: '000-001-07-00000003',
    day: '2026-11-30',
    total: '1234.5',
    verificationUrl: 'https://verifica.acme.hn/verify/abc',
    annulled: false,
  };
  it('says the company, type, number, date, total and link in Spanish, and names the PDF by its number', () => {
    const mail = documentMail(message, doc, Buffer.from('%PDF'));
    expect(mail.subject).toBe('Nota de débito 000-001-07-00000003 de Comercial Acme');
    expect(mail.text).toContain(
      'Comercial Acme le envía su nota de débito número 000-001-07-00000003, del 30/11/2026, por un total de L 1,234.50.',
    );
    expect(mail.text).toContain('https://verifica.acme.hn/verify/abc');
    expect(mail).toMatchObject({ to: 'c@cliente.hn', bcc: 'archivo@acme.hn', replyTo: null, messageId: '<x@acme.hn>' });
    expect(mail.attachment.filename).toBe('000-001-07-00000003.pdf');
  });
});
