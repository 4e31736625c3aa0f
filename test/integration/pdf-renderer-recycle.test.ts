import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTemplateData } from '../../src/pdf/template-data';
import { pipeFilesOf } from '../../src/pdf/libreoffice-pipes';
import { CarbonePdfRenderer } from '../../src/pdf/pdf-renderer';
import { sampleDocument } from '../../src/pdf/sample-document';
import { readPdf } from '../support/pdf-reader';
import { argumentsOf, commandLine, descendantsOf } from '../support/process-tree';

/**
 * LibreOffice is restarted after a number of conversions (its memory only grows); renders that
 * arrive meanwhile wait for the restart instead of failing. Each LibreOffice that ends, however it
 * ends, takes its pipe files with it.
 */
describe('CarbonePdfRenderer recycling LibreOffice', () => {
  const tempDir = path.join(os.tmpdir(), `hn-invoicing-recycle-test-${process.pid}`);
  const renderer = new CarbonePdfRenderer({ timeoutMs: 20_000, factories: 1, recycleAfter: 3, tempDir });
  const template = path.resolve(__dirname, '../../templates/invoice.odt');
  const sample = sampleDocument('invoice');
  const data = buildTemplateData(sample);

  /** This process's soffice.bin processes (the renderer's LibreOffice). */
  const sofficePids = (): number[] =>
    descendantsOf(process.pid)
      .filter((pid) => commandLine(pid).includes('soffice.bin'))
      .sort();
  /** The pipe files of the renderer's LibreOffice processes running now. */
  const livePipes = (): string[] => sofficePids().flatMap((pid) => pipeFilesOf(argumentsOf(pid)));
  /** Every pipe file a LibreOffice of this renderer has had. */
  const seenPipes = new Set<string>();
  const notePipes = (): string[] => {
    const pipes = livePipes();
    pipes.forEach((pipe) => seenPipes.add(pipe));
    return pipes;
  };

  beforeAll(() => renderer.start(), 90_000);
  afterAll(() => renderer.stop());

  it('restarts its LibreOffice after the configured conversions, and every render given meanwhile succeeds', async () => {
    const before = sofficePids();
    expect(before.length).toBeGreaterThan(0);
    const pipesBefore = notePipes();
    // Its --accept pipe and its profile's: the names are right only if LibreOffice made these files.
    expect(pipesBefore.filter((pipe) => !fs.existsSync(pipe))).toEqual([]);

    const pdfs = await Promise.all(Array.from({ length: 8 }, () => renderer.render(template, data, sample.issuedAt)));

    // The last of those may have started a restart: one more render waits for it to finish.
    pdfs.push(await renderer.render(template, data, sample.issuedAt));
    for (const pdf of pdfs) expect(readPdf(pdf).text).toContain('Empresa de Muestra S. de R.L.');
    // Rendered by two LibreOffice processes, one document gives one file (nothing per process or per render).
    for (const pdf of pdfs) expect(pdf.equals(pdfs[0])).toBe(true);
    const after = sofficePids();
    expect(after.length).toBeGreaterThan(0);
    expect(after).not.toEqual(before);
    expect(renderer.isAvailable()).toBe(true);
    const pipesAfter = notePipes();
    expect(pipesBefore.filter((pipe) => fs.existsSync(pipe) && !pipesAfter.includes(pipe))).toEqual([]);
  }, 120_000);

  it('removes the pipe files of a LibreOffice that was killed, and renders on a new one', async () => {
    const [killed] = sofficePids();
    const pipesOfKilled = pipeFilesOf(argumentsOf(killed));
    process.kill(killed, 'SIGKILL');

    expect(readPdf(await renderer.render(template, data, sample.issuedAt)).text).toContain('Empresa de Muestra S. de R.L.');
    // A restarted LibreOffice takes the same profile again, so that profile's pipe is back: its own.
    const pipesNow = notePipes();
    const gone = pipesOfKilled.filter((pipe) => !pipesNow.includes(pipe));
    expect(gone.length).toBeGreaterThan(0);
    expect(gone.filter((pipe) => fs.existsSync(pipe))).toEqual([]);
  }, 60_000);

  it('leaves no pipe file of its LibreOffice once stopped', async () => {
    notePipes();
    await renderer.stop();
    expect(sofficePids()).toEqual([]);
    expect([...seenPipes].filter((pipe) => fs.existsSync(pipe))).toEqual([]);
  });
});
