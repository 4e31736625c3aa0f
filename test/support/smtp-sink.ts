import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  header(name: string): string | undefined;
  /** The decoded bytes of the attachment of this content type. */
  attachment(contentType: string): { filename: string; content: Buffer } | undefined;
}

/**
 * A real SMTP server in the test process (the `smtp-server` package, plain SMTP, no auth): keeps
 * every message it accepts; `refuseNext(n)` answers the next n recipients with a temporary
 * failure, as a busy server does.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private refusals = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo: (_address, _session, callback) => {
      if (this.refusals > 0) {
        this.refusals--;
        return callback(Object.assign(new Error('4.3.2 Servicio ocupado, intente luego'), { responseCode: 451 }));
      }
      callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        this.received.push(
          parsedMail(
            Buffer.concat(chunks).toString('latin1'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });

  static async start(): Promise<SmtpSink> {
    const sink = new SmtpSink();
    await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  refuseNext(n: number): void {
    this.refusals = n;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Just enough of MIME for our own messages: top-level headers and base64 parts. */
export function parsedMail(raw: string, to: string[]): ReceivedMail {
  const [head] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  return {
    to,
    raw,
    header(name) {
      const match = new RegExp(`^${name}: (.*)$`, 'im').exec(unfolded);
      return match ? decodeWords(match[1].trim()) : undefined;
    },
    attachment(contentType) {
      for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
        const [partHead, ...body] = part.split(/\r?\n\r?\n/);
        if (!new RegExp(`Content-Type: ${contentType}`, 'i').test(partHead)) continue;
        const filename = /filename="?([^";\r\n]+)"?/i.exec(partHead.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';
        return { filename, content: Buffer.from(body.join('\n').replace(/\s+/g, ''), 'base64') };
      }
      return undefined;
    },
  };
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as the text they stand for. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
