import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import { CarbonePdfRenderer } from './pdf-renderer';

type RendererConfig = Pick<
  AppConfig,
  'pdfTimeoutMs' | 'pdfFactories' | 'pdfQueueLimit' | 'pdfQueueWaitMs' | 'pdfRecycleAfter' | 'sofficePath'
>;

/**
 * The renderer as the configuration asks for it; not started (callers that render start it).
 * carbone's own output goes to `logger` at debug, so stdout and the log stream stay clean.
 */
export function createPdfRenderer(config: RendererConfig, logger?: Pick<Logger, 'debug'>): CarbonePdfRenderer {
  return new CarbonePdfRenderer({
    timeoutMs: config.pdfTimeoutMs,
    factories: config.pdfFactories,
    queueLimit: config.pdfQueueLimit,
    queueWaitMs: config.pdfQueueWaitMs,
    recycleAfter: config.pdfRecycleAfter,
    tempDir: path.join(os.tmpdir(), 'invoicing-service-pdf'),
    ...(logger === undefined ? {} : { carboneOutput: (line: string) => logger.debug({ component: 'carbone' }, line) }),
    ...(config.sofficePath === undefined ? {} : { locate: { sofficePath: config.sofficePath } }),
  });
}
