import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../../config/config';
import { CarbonePdfRenderer } from './pdf-renderer';

type RendererConfig = Pick<
  AppConfig,
  'pdfTimeoutMs' | 'pdfFactories' | 'pdfQueueLimit' | 'pdfQueueWaitMs' | 'pdfRecycleAfter' | 'sofficePath'
>;

/** The renderer as the configuration asks for it; not started (callers that render start it). */
export function createPdfRenderer(config: RendererConfig): CarbonePdfRenderer {
  return new CarbonePdfRenderer({
    timeoutMs: config.pdfTimeoutMs,
    factories: config.pdfFactories,
    queueLimit: config.pdfQueueLimit,
    queueWaitMs: config.pdfQueueWaitMs,
    recycleAfter: config.pdfRecycleAfter,
    tempDir: path.join(os.tmpdir(), 'invoicing-service-pdf'),
    ...(config.sofficePath === undefined ? {} : { locate: { sofficePath: config.sofficePath } }),
  });
}
