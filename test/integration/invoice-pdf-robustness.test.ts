import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readPdf } from '../support/pdf-reader';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/** The soffice.bin processes carbone started for this process. */
function sofficePids(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((row) => /soffice/.test(row))
    .map((row) => Number(row.trim().split(/\s+/)[0]));
}

/** Resolves once carbone has handed a document to LibreOffice (its intermediate file exists). */
async function conversionStarted(renderDir: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(renderDir) && fs.readdirSync(renderDir).some((name) => name.includes('_tmp.'))) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error('no conversion started');
}

describe('PDF rendering when LibreOffice dies or is overloaded', () => {
  let t: TestApp;
  let acme: { auth: { Authorization: string }; code: string };
  let invoiceId: number;
  let bigInvoiceId: number;
  // createPdfRenderer's work directory: one subdirectory per process.
  const renderDir = path.join(os.tmpdir(), 'invoicing-service-pdf', `p${process.pid}`, 'render');

  beforeAll(async () => {
    // One LibreOffice and no PDF cache: these tests are about the renderer itself, and a cached
    // reprint would never reach it. The threshold is off: the 200-line invoice is a large
    // anonymous sale, and only its rendering matters here.
    t = await createTestApp({
      pdf: true,
      env: { PDF_QUEUE_LIMIT: '2', PDF_FACTORIES: '1', PDF_CACHE_MAX_MB: '0', FINAL_CONSUMER_ID_THRESHOLD: '0' },
    });
    acme = await setUpCompany(t);
    const issue = async (quantity: number, lines: number) => {
      const items = Array.from({ length: lines }, () => ({ externalProductId: 'SKU-P-1', quantity }));
      const res = await t.http.post('/v1/invoices').set(acme.auth).set('Idempotency-Key', `rb-${lines}`).send({ items });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    invoiceId = await issue(1, 1);
    bigInvoiceId = await issue(2, 200);
  }, 120_000);
  afterAll(() => t.close());

  const getPdf = (id: number) => t.http.get(`/v1/invoices/${id}/pdf`).set(acme.auth);

  it('retries the render LibreOffice died under, and the next renders succeed on the restarted LibreOffice', async () => {
    const [before] = sofficePids();
    expect(before).toEqual(expect.any(Number));

    const inFlight = getPdf(bigInvoiceId).then((res) => res);
    await conversionStarted(renderDir);
    process.kill(before, 'SIGKILL');

    const killed = await inFlight;
    expect(killed.status).toBe(200); // carbone restarted soffice (~2.4 s) and the one retry converted it
    expect(readPdf(killed.body as Buffer).text).toContain('TOTAL A PAGAR');
    const after = sofficePids();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
    for (let i = 0; i < 3; i++) expect((await getPdf(invoiceId)).status).toBe(200);
  }, 60_000);

  it('makes a burst beyond the queue limit fail fast with a retryable 503 while the queued renders succeed', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => getPdf(invoiceId)));
    const ok = responses.filter((res) => res.status === 200);
    const busy = responses.filter((res) => res.status !== 200);

    expect(ok.length).toBeGreaterThanOrEqual(3); // one rendering and two waiting, at least
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const res of busy) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ code: 'PDF_RENDER_FAILED', message: expect.stringMatching(/busy.*retry later/) });
      expect(res.headers['retry-after']).toBe('2');
    }
    expect((await getPdf(invoiceId)).status).toBe(200);
  }, 60_000);
});
