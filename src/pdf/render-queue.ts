import { PdfRenderError } from './pdf-render-error';

export interface RenderQueueOptions {
  /** Renders allowed inside carbone at once. */
  concurrency: number;
  /** Renders allowed to wait for a slot; one more fails at once with reason "busy". */
  maxWaiting: number;
  /** Longest wait for a slot before failing with reason "busy". */
  maxWaitMs: number;
}

interface Waiter {
  grant(): void;
  fail(error: PdfRenderError): void;
}

/**
 * A counting semaphore with a bounded FIFO of waiters. carbone queues conversions without
 * limit, so a burst would pile every request onto LibreOffice and make all of them late;
 * here excess renders wait their turn, and past a bound they fail fast with a retryable error.
 */
export class RenderQueue {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly options: RenderQueueOptions) {}

  /** Runs `task` once a slot is free; the slot is released when the task settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** Fails every waiter at once (the renderer is stopping). */
  failWaiting(error: PdfRenderError): void {
    for (const waiter of this.waiting.splice(0)) waiter.fail(error);
  }

  get stats(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private acquire(): Promise<void> {
    if (this.active < this.options.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.maxWaiting) {
      return Promise.reject(new PdfRenderError('busy', `PDF renderer busy: ${this.waiting.length} renders already waiting`));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        // release() hands its slot over: `active` stays as it is.
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
        fail: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new PdfRenderError('busy', `PDF renderer busy: no slot within ${this.options.maxWaitMs} ms`));
      }, this.options.maxWaitMs);
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next !== undefined) next.grant();
    else this.active--;
  }
}
