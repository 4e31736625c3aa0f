import os from 'node:os';
import path from 'node:path';
import { buildTemplateData } from '../../src/pdf/template-data';
import { CarbonePdfRenderer } from '../../src/pdf/pdf-renderer';
import { sampleDocument } from '../../src/pdf/sample-document';
import { readPdf } from '../support/pdf-reader';
import { commandLine, descendantsOf } from '../support/process-tree';

/**
 * LibreOffice is restarted after a number of conversions (its memory only grows); renders that
 * arrive meanwhile wait for the restart instead of failing.
 */
describe('CarbonePdfRenderer recycling LibreOffice', () => {
  const tempDir = path.join(os.tmpdir(), `hn-invoicing-recycle-test-${process.pid}`);
  const renderer = new CarbonePdfRenderer({ timeoutMs: 20_000, factories: 1, recycleAfter: 3, tempDir });
  const template = path.resolve(__dirname, '../../templates/invoice.odt');

  /** This process's soffice.bin processes (the renderer's LibreOffice). */
  const sofficePids = (): number[] => descendantsOf(process.pid).filter((pid) => commandLine(pid).includes('soffice.bin')).sort();

  beforeAll(() => renderer.start(), 90_000);
  afterAll(() => renderer.stop());

  it('restarts its LibreOffice after the configured conversions, and every render given meanwhile succeeds', async () => {
    const before = sofficePids();
    expect(before.length).toBeGreaterThan(0);
    const data = buildTemplateData(sampleDocument('invoice'));

    const pdfs = await Promise.all(Array.from({ length: 8 }, () => renderer.render(template, data)));

    // The last of those may have started a restart: one more render waits for it to finish.
    pdfs.push(await renderer.render(template, data));
    for (const pdf of pdfs) expect(readPdf(pdf).text).toContain('Empresa de Muestra S. de R.L.');
    const after = sofficePids();
    expect(after.length).toBeGreaterThan(0);
    expect(after).not.toEqual(before);
    expect(renderer.isAvailable()).toBe(true);
  }, 120_000);
});
