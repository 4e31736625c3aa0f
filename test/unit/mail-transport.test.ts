import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMailTransport, sendFailure, type OutgoingMail } from '../../src/services/delivery/mail-transport';
import { parsedMail } from '../support/smtp-sink';

const MAIL: OutgoingMail = {
  from: 'Facturas Acme <facturas@acme.hn>',
  to: 'compras@cliente.hn',
  replyTo: 'contabilidad@acme.hn',
  bcc: null,
  subject: 'Factura 000-001-01-00000001 de Comercial Acme',
  text: 'Estimado cliente:\n',
  messageId: '<0f0e-1@acme.hn>',
  attachment: { filename: '000-001-01-00000001.pdf', content: Buffer.from('%PDF-1.4 prueba') },
};

describe('the .eml transport (no SMTP_URL)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eml-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes one RFC 5322 file (CRLF) per message, named as asked, overwritten by a repeat; unsigned without DKIM', async () => {
    const transport = createMailTransport({ smtpUrl: undefined, mailOutboxDir: path.join(dir, 'outbox'), dkim: undefined });
    expect(transport.destination).toBe(path.join(dir, 'outbox'));
    await transport.send(MAIL, 'a.eml');
    await transport.send(MAIL, 'a.eml');
    expect(fs.readdirSync(path.join(dir, 'outbox'))).toEqual(['a.eml']);
    const raw = fs.readFileSync(path.join(dir, 'outbox', 'a.eml'), 'latin1');
    expect(raw).toMatch(/\r\n\r\n/);
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const mail = parsedMail(raw, []);
    expect(mail.header('Message-ID')).toBe('<0f0e-1@acme.hn>');
    expect(mail.header('Reply-To')).toBe('contabilidad@acme.hn');
    expect(mail.attachment('application/pdf')).toEqual({ filename: '000-001-01-00000001.pdf', content: MAIL.attachment.content });
    expect(mail.header('DKIM-Signature')).toBeUndefined();
    transport.close();
  });

  it('DKIM-signs the file when the three DKIM settings are given', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyFile = path.join(dir, 'dkim.pem');
    fs.writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const transport = createMailTransport({
      smtpUrl: undefined,
      mailOutboxDir: dir,
      dkim: { domainName: 'acme.hn', keySelector: 'mail2026', privateKeyFile: keyFile },
    });
    await transport.send(MAIL, 'signed.eml');
    const signature = parsedMail(fs.readFileSync(path.join(dir, 'signed.eml'), 'latin1'), []).header('DKIM-Signature');
    expect(signature).toMatch(/d=acme\.hn/);
    expect(signature).toMatch(/s=mail2026/);
    transport.close();
  });

  it('fails at once on a DKIM key file that cannot be read', () => {
    expect(() =>
      createMailTransport({
        smtpUrl: undefined,
        mailOutboxDir: dir,
        dkim: { domainName: 'acme.hn', keySelector: 's', privateKeyFile: path.join(dir, 'none.pem') },
      }),
    ).toThrow(/none\.pem/);
  });

  it("names an SMTP destination without its credentials, and keeps a server's refusal", () => {
    const transport = createMailTransport({ smtpUrl: 'smtp://user:secret@mail.acme.hn:587', mailOutboxDir: dir, dkim: undefined });
    expect(transport.destination).toBe('smtp://mail.acme.hn:587');
    transport.close();
    expect(sendFailure(Object.assign(new Error("Can't send mail"), { response: '550 5.1.1 mailbox unavailable' }))).toBe(
      '550 5.1.1 mailbox unavailable',
    );
    expect(sendFailure(new Error('connect ECONNREFUSED'))).toBe('connect ECONNREFUSED');
  });
});
