import type { createPdfRenderer } from '../../src/pdf/create-pdf-renderer';
import { PdfRenderError } from '../../src/pdf/pdf-render-error';
import type { CarbonePdfRenderer, PdfRenderer, TemplateInput } from '../../src/pdf/pdf-renderer';

/** What a renderer is made from: commands whose renderers would be made alike may share one. */
export function rendererKey(config: Parameters<typeof createPdfRenderer>[0]): string {
  const { pdfTimeoutMs, pdfFactories, pdfQueueLimit, pdfQueueWaitMs, pdfRecycleAfter, sofficePath } = config;
  return JSON.stringify({ pdfTimeoutMs, pdfFactories, pdfQueueLimit, pdfQueueWaitMs, pdfRecycleAfter, sofficePath });
}

/**
 * One command's use of a renderer it shares with others, from its start() to its stop(), with
 * the rules of a renderer of its own: a render before start() or after stop() fails as unavailable.
 * stop() ends the lease; the shared renderer keeps running for the next command.
 */
export class RendererLease implements PdfRenderer {
  private state: 'idle' | 'started' | 'stopped' = 'idle';

  constructor(private readonly shared: CarbonePdfRenderer) {}

  async start(): Promise<void> {
    await this.shared.start();
    this.state = 'started';
  }

  render(template: TemplateInput, data: object, documentDate: Date): Promise<Buffer> {
    if (this.state !== 'started') return Promise.reject(new PdfRenderError('unavailable', `PDF rendering unavailable: ${this.reason()}`));
    return this.shared.render(template, data, documentDate);
  }

  isAvailable(): boolean {
    return this.state === 'started' && this.shared.isAvailable();
  }

  get unavailableReason(): string | undefined {
    return this.state === 'started' ? this.shared.unavailableReason : this.reason();
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
  }

  private reason(): string {
    return this.state === 'idle' ? 'renderer not started' : 'renderer stopped';
  }
}
