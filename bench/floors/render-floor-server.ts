import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadCarbone } from '../../src/pdf/carbone-loader';
import { buildTemplateData } from '../../src/pdf/template-data';
import { locateLibreOffice } from '../../src/pdf/libreoffice-locator';
import { sampleDocument } from '../../src/pdf/sample-document';

/**
 * The floor of a PDF: carbone alone, one LibreOffice per core, rendering the project's own
 * template file with a five-line invoice's data. No queue, no template preparation, no
 * database. POST /render answers the PDF with X-Render-Ms: the time carbone took, so latency
 * figures leave HTTP out. Prints {"port":N} once LibreOffice is warm.
 */
const TEMPLATE = path.resolve(
  __dirname,
  '..',
  '..',
  ...(path.basename(path.resolve(__dirname, '..', '..')) === 'dist' ? ['..'] : []),
  'templates',
  'invoice.odt',
);
const factories = Number(process.env.FLOOR_FACTORIES ?? os.availableParallelism?.() ?? os.cpus().length);

const sample = sampleDocument('invoice');
const data = buildTemplateData({
  ...sample,
  lines: [
    ...sample.lines,
    { code: 'P-005', description: 'Producto importado', quantity: '2.5', unitPrice: '246.512', discount: '0', amount: '616.28' },
  ],
});

async function main(): Promise<void> {
  const location = locateLibreOffice();
  if (!location.available) throw new Error(location.reason);
  // No die-with-parent launchers: the bench stops this process and its LibreOffice itself.
  const carbone = loadCarbone(location.installation, undefined);
  // set() with startFactory true would start the factories itself and init() would then never call back.
  carbone.set({ factories, startFactory: false, tempPath: os.tmpdir() });
  await new Promise<void>((resolve) => carbone.converter.init({ factories, startFactory: true }, resolve));
  const render = () =>
    new Promise<{ pdf: Buffer; ms: number }>((resolve, reject) => {
      const started = performance.now();
      carbone.render(TEMPLATE, data, { convertTo: 'pdf' }, (err, result) =>
        err ? reject(err) : resolve({ pdf: result as Buffer, ms: performance.now() - started }),
      );
    });
  for (let i = 0; i < factories * 3; i++) await render();
  const server = http.createServer((req, res) => {
    req.resume();
    render().then(
      ({ pdf, ms }) => {
        res.writeHead(200, { 'Content-Type': 'application/pdf', 'X-Render-Ms': ms.toFixed(2) });
        res.end(pdf);
      },
      (err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      },
    );
  });
  server.keepAliveTimeout = 5000;
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port, factories })));
  process.on('SIGTERM', () => {
    server.close();
    carbone.converter.exit(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error(`render floor failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
