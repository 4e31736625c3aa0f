import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createHttpServer } from '../../src/http/http-server';
import { createConsoleTest, type ConsoleClient, type ConsoleTest } from '../support/console-client';
import { setUpCompany } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';

const MB = 1024 * 1024;
/** The attack: four template parts of 5 MB each, the most the console ever held in memory. */
const FOUR_TEMPLATES = Array.from({ length: 4 }, () => ({ name: 'template', bytes: 5 * MB }));
/** Each part within its own limit (a "template" that is no ODT, a logo, a dropped field), 8.4 MB in all. */
const OVER_THE_CAP = [
  { name: 'template', bytes: 4.5 * MB },
  { name: 'logo', bytes: 0.9 * MB },
  { name: 'extra', bytes: 3 * MB },
];
/** What the server may read of a refused upload before it stops: socket buffers, far from a file. */
const READ_BEFORE_STOPPING = 1 * MB;

interface Part {
  name: string;
  bytes: number;
}

interface Upload {
  /** Text fields sent first, in order. */
  fields?: [string, string][];
  files: Part[];
  /** Text fields sent after the files. */
  trailing?: [string, string][];
  cookie?: string;
  /** Without a Content-Length (chunked), as a streaming client sends. */
  chunked?: boolean;
}

interface UploadOutcome {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body's size, and how much of it the client had handed over when the answer arrived. */
  total: number;
  sentWhenAnswered: number;
  /** What the server's end of the connection read, headers included. */
  serverRead: number;
  /** The most the test process's ArrayBuffer memory (every Buffer) grew while the request ran. */
  arrayBuffersGrowth: number;
}

/** The multipart body, made on the fly from one 64 kB block of filler so the client holds no file. */
function* multipartChunks(boundary: string, upload: Upload): Generator<Buffer> {
  const filler = Buffer.alloc(64 * 1024, 'a');
  const field = ([name, value]: [string, string]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  for (const f of upload.fields ?? []) yield field(f);
  for (const file of upload.files) {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.name}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    for (let left = file.bytes; left > 0; left -= filler.length) yield left >= filler.length ? filler : filler.subarray(0, left);
    yield Buffer.from('\r\n');
  }
  for (const f of upload.trailing ?? []) yield field(f);
  yield Buffer.from(`--${boundary}--\r\n`);
}

function bodyLength(boundary: string, upload: Upload): number {
  let total = 0;
  for (const chunk of multipartChunks(boundary, upload)) total += chunk.length;
  return total;
}

/**
 * The console on a real loopback port, as the service serves it, with the server's end of each
 * connection kept so a test can tell how much of a request the server read.
 */
async function listenWithSockets(c: ConsoleTest): Promise<{ port: number; lastSocket(): Socket; close(): Promise<void> }> {
  const server = createHttpServer(c.app);
  const sockets: Socket[] = [];
  server.on('connection', (socket: Socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    lastSocket: () => sockets[sockets.length - 1],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * POSTs the upload as a browser streams a large file: in 64 kB writes, each after the previous one
 * drained, and stopping as soon as the answer has arrived (or the server closed the connection).
 */
async function streamUpload(target: { port: number; lastSocket(): Socket }, path: string, upload: Upload): Promise<UploadOutcome> {
  const boundary = `----console-upload-${randomBytes(8).toString('hex')}`;
  const total = bodyLength(boundary, upload);
  const headers: Record<string, string> = { 'Content-Type': `multipart/form-data; boundary=${boundary}` };
  if (!upload.chunked) headers['Content-Length'] = String(total);
  if (upload.cookie) headers.Cookie = upload.cookie;
  const baseline = process.memoryUsage().arrayBuffers;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 5);
  try {
    return await new Promise<UploadOutcome>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = http.request({ host: '127.0.0.1', port: target.port, method: 'POST', path, headers, agent: false });
      const timer = setTimeout(() => req.destroy(new Error(`no answer to ${path} within 60 s`)), 60_000);
      req.on('response', (res) => {
        answered = true;
        const sentWhenAnswered = sent;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          req.destroy();
          const socket = target.lastSocket();
          const settle = () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
              total,
              sentWhenAnswered,
              serverRead: socket.bytesRead,
              arrayBuffersGrowth: peak - baseline,
            });
          if (socket.destroyed) settle();
          else socket.once('close', settle);
        });
      });
      // Writing into a connection the server closed after answering fails; the answer is what counts.
      req.on('error', (err) => {
        if (!answered) {
          clearTimeout(timer);
          reject(err);
        }
      });
      const chunks = multipartChunks(boundary, upload);
      const write = () => {
        while (!answered && !req.destroyed) {
          const next = chunks.next();
          if (next.done) {
            req.end();
            return;
          }
          sent += next.value.length;
          if (!req.write(next.value)) {
            req.once('drain', write);
            return;
          }
        }
      };
      write();
    });
  } finally {
    clearInterval(sampler);
  }
}

const codeOf = (text: string) => /<code>([A-Z_]+)<\/code>/.exec(text)?.[1];

/**
 * An upload is refused before any file part is read unless its session and leading `_csrf` are
 * right, and a whole upload is held to 8 MB (decision 68): requests streamed through a real
 * socket, so that what the server read and when it answered can be seen.
 */
describe('console uploads under attack', () => {
  let c: ConsoleTest;
  let admin: ConsoleClient;
  let server: Awaited<ReturnType<typeof listenWithSockets>>;
  let candidate: string;

  const cookieOf = (client: ConsoleClient) => [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; ');

  /**
   * The upload was refused with `status` and `code` before the client had sent it all, on a
   * connection the server closed after reading less than `readBelow` of it.
   */
  function expectRefusedEarly(outcome: UploadOutcome, status: number, code: string, readBelow = READ_BEFORE_STOPPING) {
    expect({ status: outcome.status, code: codeOf(outcome.text) }).toEqual({ status, code });
    expect(outcome.headers.connection).toBe('close');
    expect(outcome.sentWhenAnswered).toBeLessThan(outcome.total);
    expect(outcome.serverRead).toBeLessThan(readBelow);
  }

  beforeAll(async () => {
    c = await createConsoleTest();
    const { code } = await setUpCompany(c.t);
    candidate = `/companies/${code}/letterhead/invoice/candidate`;
    const password = await c.addOperator('admin@subidas.hn', 'admin');
    admin = c.client();
    expect((await admin.signIn('admin@subidas.hn', password)).status).toBe(303);
    await admin.get(`/companies/${code}/letterhead`);
    server = await listenWithSockets(c);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await c?.close();
  });

  it('writes the token as the first field of every upload form', async () => {
    const page = await admin.get(candidate.replace('/invoice/candidate', ''));
    const uploadForms = [...page.text.matchAll(/<form [^>]*enctype="multipart\/form-data"[^>]*>\s*<input ([^>]*)>/g)];
    expect(uploadForms).toHaveLength(3);
    for (const [, firstInput] of uploadForms) expect(firstInput).toContain(`name="_csrf" value="${admin.csrf}"`);
  });

  it('refuses 20 MB from someone not signed in with 403, having read next to none of it and holding none of it', async () => {
    const before = await tableChecksums(c.t.orm);
    const outcome = await streamUpload(server, candidate, { fields: [['_csrf', 'x'.repeat(43)]], files: FOUR_TEMPLATES });
    expectRefusedEarly(outcome, 403, 'CSRF_TOKEN_INVALID');
    expect(outcome.arrayBuffersGrowth).toBeLessThan(4 * MB);
    expect(await tableChecksums(c.t.orm)).toBe(before);
  });

  it('refuses a signed-in upload whose leading token is wrong, or whose token comes after its file, before the file is read', async () => {
    const before = await tableChecksums(c.t.orm);
    for (const upload of [
      { fields: [['_csrf', 'x'.repeat(43)]], files: FOUR_TEMPLATES },
      { files: FOUR_TEMPLATES, trailing: [['_csrf', admin.csrf]] },
      {
        fields: [
          ['note', 'antes del token'],
          ['_csrf', admin.csrf],
        ],
        files: FOUR_TEMPLATES,
      },
    ] as Upload[]) {
      const outcome = await streamUpload(server, candidate, { ...upload, cookie: cookieOf(admin) });
      expectRefusedEarly(outcome, 403, 'CSRF_TOKEN_INVALID');
      expect(outcome.arrayBuffersGrowth).toBeLessThan(4 * MB);
    }
    expect(await tableChecksums(c.t.orm)).toBe(before);
  });

  it('refuses a signed-in upload over 8 MB with 413: at once by its Content-Length, or as soon as it passes 8 MB streaming without one', async () => {
    const before = await tableChecksums(c.t.orm);
    const token: [string, string][] = [['_csrf', admin.csrf]];
    const declared = await streamUpload(server, candidate, { fields: token, files: OVER_THE_CAP, cookie: cookieOf(admin) });
    expectRefusedEarly(declared, 413, 'PAYLOAD_TOO_LARGE');
    expect(declared.text).toContain('the request is larger than 8 MB; nothing was changed');

    const streamed = await streamUpload(server, candidate, {
      fields: token,
      files: [...OVER_THE_CAP, { name: 'extra', bytes: 12 * MB }],
      cookie: cookieOf(admin),
      chunked: true,
    });
    // It read the 8 MB it allows, and stopped there.
    expectRefusedEarly(streamed, 413, 'PAYLOAD_TOO_LARGE', 8 * MB + READ_BEFORE_STOPPING);
    expect(streamed.serverRead).toBeGreaterThan(8 * MB);
    expect(await tableChecksums(c.t.orm)).toBe(before);
  });
});
