import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTemplateData, type PrintedOf } from '../../src/pdf/template-data';
import { PdfRenderError } from '../../src/pdf/pdf-render-error';
import { CarbonePdfRenderer } from '../../src/pdf/pdf-renderer';
import { sampleDocument } from '../../src/pdf/sample-document';
import { resolveTemplate } from '../../src/pdf/template-resolver';
import { isA4, readPdf } from '../support/pdf-reader';

const TEMPLATES_DIR = path.resolve(__dirname, '../../templates');
const REAL_CAI = '35BD6A-0195F4-B34BAA-8B7D13-37791A-2D';

/** The template-check sample, issued under a realistic CAI. */
const sampleInvoice = (overrides: Partial<PrintedOf<'invoice'>> = {}): PrintedOf<'invoice'> => ({
  ...sampleDocument('invoice'),
  cai: REAL_CAI,
  ...overrides,
});

describe('CarbonePdfRenderer with LibreOffice', () => {
  const renderer = new CarbonePdfRenderer({
    timeoutMs: 20_000,
    factories: 1,
    tempDir: path.join(os.tmpdir(), 'hn-invoicing-pdf-test'),
  });
  const template = path.join(TEMPLATES_DIR, 'invoice.odt');

  beforeAll(() => renderer.start(), 90_000);
  afterAll(() => renderer.stop());

  it('starts LibreOffice and reports itself available', () => {
    expect(renderer.unavailableReason).toBeUndefined();
    expect(renderer.isAvailable()).toBe(true);
  });

  it('renders an issued invoice on A4 with the issuer, every line, the totals and the amount in words', async () => {
    const input = sampleInvoice();
    const pdf = readPdf(await renderer.render(template, buildTemplateData(input), input.issuedAt));
    const { text } = pdf;

    expect(isA4(pdf)).toBe(true);
    expect(text).toContain('Empresa de Muestra S. de R.L.');
    expect(text).toContain('08019000000000');
    expect(text).toContain('FACTURA');
    expect(text).toContain('000-001-01-00000001');
    expect(text).toContain(REAL_CAI);
    expect(text).toContain('31/12/2099');
    for (const line of input.lines) {
      expect(text).toContain(line.code);
      expect(text).toContain(line.description);
    }
    expect(text).toContain('L 329.90');
    expect(text).toContain('TRESCIENTOS VEINTINUEVE LEMPIRAS CON 90/100');
    expect(text).toContain('Original: Cliente / Copia: Obligado tributario emisor');
    expect(text).not.toContain('SIN VALIDEZ FISCAL');
  });

  it('marks a preview SIN VALIDEZ FISCAL and prints no digit of the real CAI nor a real number', async () => {
    const { text } = readPdf(await renderer.render(template, buildTemplateData(sampleInvoice({ preview: true })), new Date()));

    expect(text).toContain('SIN VALIDEZ FISCAL');
    expect(text).toContain('TRESCIENTOS VEINTINUEVE LEMPIRAS CON 90/100');
    expect(text).not.toContain('000-001-01-00000001');
    for (const group of REAL_CAI.split('-')) expect(text).not.toContain(group);
    const printedCai = /CAI: (\S+)/.exec(text);
    expect(printedCai?.[1]).toMatch(/^[^0-9]+$/);
  });

  it('marks an annulled invoice ANULADA and prints the exchange rate and exoneration when present', async () => {
    const input = sampleInvoice({ annulled: true, exchangeRate: '24.65', exoneration: { certificate: 'EXO-2025-0077' } });
    const { text } = readPdf(await renderer.render(template, buildTemplateData(input), input.issuedAt));

    expect(text).toContain('ANULADA');
    expect(text).toContain('L 24.6500');
    expect(text).toContain('EXO-2025-0077');
  });

  it('fails with reason "failed" when the template does not exist', async () => {
    const rendering = renderer.render(path.join(TEMPLATES_DIR, 'missing.odt'), {}, new Date());

    await expect(rendering).rejects.toMatchObject({ name: 'PdfRenderError', reason: 'failed' });
  });

  it('refuses to start a second renderer in the same process (carbone is process-wide)', async () => {
    const second = new CarbonePdfRenderer({
      timeoutMs: 5_000,
      factories: 1,
      tempDir: path.join(os.tmpdir(), 'hn-invoicing-pdf-test-2'),
    });
    await second.start();

    expect(second.isAvailable()).toBe(false);
    expect(renderer.isAvailable()).toBe(true);
    await second.stop();
  });
});

describe('CarbonePdfRenderer without LibreOffice', () => {
  it('reports itself unavailable and refuses to render with reason "unavailable"', async () => {
    const renderer = new CarbonePdfRenderer({
      timeoutMs: 5_000,
      factories: 1,
      tempDir: path.join(os.tmpdir(), 'hn-invoicing-pdf-test-missing'),
      locate: { sofficePath: '/nonexistent/libreoffice/program/soffice' },
    });
    await renderer.start();

    expect(renderer.isAvailable()).toBe(false);
    expect(renderer.unavailableReason).toMatch(/not found/);
    const rendering = renderer.render(path.join(TEMPLATES_DIR, 'invoice.odt'), {}, new Date());
    await expect(rendering).rejects.toBeInstanceOf(PdfRenderError);
    await expect(rendering).rejects.toMatchObject({ reason: 'unavailable' });
    // Work that makes the template (the letterhead, the QR code) is not done for a render that fails at once.
    const prepare = jest.fn(async () => path.join(TEMPLATES_DIR, 'invoice.odt'));
    await expect(renderer.render(prepare, {}, new Date())).rejects.toMatchObject({ reason: 'unavailable' });
    expect(prepare).not.toHaveBeenCalled();
    await renderer.stop();
  });
});

describe('resolveTemplate', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'templates-'));
    fs.writeFileSync(path.join(dir, 'invoice.odt'), 'default');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("picks the company's own template when present, else the default", () => {
    fs.mkdirSync(path.join(dir, 'companies', 'ACME'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'companies', 'ACME', 'invoice.odt'), 'acme');

    expect(resolveTemplate(dir, 'ACME', 'invoice')).toBe(path.join(dir, 'companies', 'ACME', 'invoice.odt'));
    expect(resolveTemplate(dir, 'OTHER', 'invoice')).toBe(path.join(dir, 'invoice.odt'));
  });

  it('sees a company template added after an earlier lookup (no caching)', () => {
    expect(resolveTemplate(dir, 'ACME', 'invoice')).toBe(path.join(dir, 'invoice.odt'));
    fs.mkdirSync(path.join(dir, 'companies', 'ACME'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'companies', 'ACME', 'invoice.odt'), 'acme');

    expect(resolveTemplate(dir, 'ACME', 'invoice')).toBe(path.join(dir, 'companies', 'ACME', 'invoice.odt'));
  });

  it('never leaves companies/ for a code shaped like a path', () => {
    expect(resolveTemplate(dir, '../..', 'invoice')).toBe(path.join(dir, 'invoice.odt'));
  });
});
