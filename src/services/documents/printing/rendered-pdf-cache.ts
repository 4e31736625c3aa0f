import { inject, injectable } from 'inversify';
import { LRUCache } from 'lru-cache';
import type { AppConfig } from '../../../../config/config';
import { TOKENS } from '../../../tokens';

/**
 * Issued invoices' PDFs by render key (pdf-render-key.ts). A PDF is a pure function of its key,
 * so a hit is the same document a render would give; an annulment changes the data, hence the
 * key, on every instance, and an edited template or logo changes the template part. Bounded in
 * bytes (least recently used out first), per process. Concurrent misses of one key share one
 * render.
 */
@injectable()
export class RenderedPdfCache {
  private readonly cache: LRUCache<string, Buffer> | undefined;
  private readonly rendering = new Map<string, Promise<Buffer>>();

  constructor(@inject(TOKENS.Config) config: Pick<AppConfig, 'pdfCacheMaxMb'>) {
    this.cache =
      config.pdfCacheMaxMb === 0
        ? undefined
        : new LRUCache<string, Buffer>({
            maxSize: config.pdfCacheMaxMb * 1024 * 1024,
            sizeCalculation: (pdf, key) => pdf.length + key.length,
          });
  }

  /** The cached PDF of `key`, or the result of `render` (cached when it succeeds). */
  async getOrRender(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    if (this.cache === undefined) return render();
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    let pending = this.rendering.get(key);
    if (pending === undefined) {
      pending = render().then((pdf) => {
        this.cache!.set(key, pdf);
        return pdf;
      });
      const shared = pending.finally(() => this.rendering.delete(key));
      shared.catch(() => undefined);
      this.rendering.set(key, shared);
      return shared;
    }
    return pending;
  }
}
