import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../../config/config';
import { CarbonePdfRenderer } from './pdf-renderer';

/** The renderer as the configuration asks for it; not started (callers that render start it). */
export function createPdfRenderer(config: Pick<AppConfig, 'pdfTimeoutMs' | 'pdfFactories'>, locate?: { sofficePath?: string }): CarbonePdfRenderer {
  return new CarbonePdfRenderer({
    timeoutMs: config.pdfTimeoutMs,
    factories: config.pdfFactories,
    tempDir: path.join(os.tmpdir(), 'invoicing-service-pdf'),
    ...(locate ? { locate } : {}),
  });
}
