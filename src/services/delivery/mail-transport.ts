import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Nodemailer from 'nodemailer';
import type { AppConfig } from '../../../config/config';

/** One message, ready to go: its headers, its Spanish text and its PDF. */
export interface OutgoingMail {
  from: string;
  to: string;
  replyTo: string | null;
  bcc: string | null;
  subject: string;
  text: string;
  /** The stable `<…@domain>` of its outbox row. */
  messageId: string;
  attachment: { filename: string; content: Buffer };
}

/** Where the messages go: an SMTP server, or `.eml` files in a folder. */
export interface MailTransport {
  /** What to tell operators (the demo's banner, the log at start): `smtp://host:port` or the folder. */
  readonly destination: string;
  /**
   * Sends the message; resolves with what the server answered (or the file written), rejects
   * with an error whose `response` is the server's refusal when there was one. `fileName` names
   * the `.eml` file (the same for every attempt of one message, so a repeat overwrites it).
   */
  send(mail: OutgoingMail, fileName: string): Promise<string>;
  close(): void;
}

/** The server's answer in a failed send (nodemailer's `response`), else the error's message. */
export function sendFailure(err: unknown): string {
  const { response, message } = err as { response?: unknown; message?: unknown };
  return typeof response === 'string' && response !== '' ? response : String(message ?? err);
}

/** Seconds an SMTP exchange may take: well inside a claim's lease, so a hung server cannot outlast it. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * The transport of SMTP_URL (nodemailer: STARTTLS whenever the server offers it on smtp://, TLS
 * from the start on smtps://; a small pool of connections reused between messages), or, without
 * it, RFC 5322 files (CRLF line ends) written into MAIL_OUTBOX_DIR. Both DKIM-sign when DKIM_* is
 * set; the key file is read here, once, so a missing key stops the start.
 */
export function createMailTransport(config: Pick<AppConfig, 'smtpUrl' | 'mailOutboxDir' | 'dkim'>): MailTransport {
  // Required here, when the sender first needs a transport, rather than by every process that
  // loads this module: each CLI command is a process of its own, and almost none sends mail.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const nodemailer = require('nodemailer') as typeof Nodemailer;
  const dkim = config.dkim && {
    domainName: config.dkim.domainName,
    keySelector: config.dkim.keySelector,
    privateKey: readFileSync(config.dkim.privateKeyFile, 'utf8'),
  };
  const envelopeOf = (mail: OutgoingMail) => ({
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo !== null && { replyTo: mail.replyTo }),
    ...(mail.bcc !== null && { bcc: mail.bcc }),
    subject: mail.subject,
    text: mail.text,
    messageId: mail.messageId,
    attachments: [{ filename: mail.attachment.filename, content: mail.attachment.content, contentType: 'application/pdf' }],
  });

  if (config.smtpUrl !== undefined) {
    const url = new URL(config.smtpUrl);
    const smtp = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: 2,
      ...SMTP_TIMEOUTS,
      ...(dkim && { dkim }),
    });
    return {
      destination: `${url.protocol}//${url.host}`,
      async send(mail) {
        const info = await smtp.sendMail(envelopeOf(mail));
        return info.response;
      },
      close: () => smtp.close(),
    };
  }

  const dir = config.mailOutboxDir;
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows', ...(dkim && { dkim }) });
  return {
    destination: dir,
    async send(mail, fileName) {
      const info = await files.sendMail(envelopeOf(mail));
      await mkdir(dir, { recursive: true });
      const target = path.join(dir, fileName);
      // Whole or not at all: a mail program never opens half a message.
      const partial = `${target}.partial`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, target);
      return `written to ${target}`;
    },
    close: () => files.close(),
  };
}
