import fs from 'node:fs';
import path from 'node:path';
import { loadCarbone, type LoadedCarbone } from './carbone-loader';
import { locateLibreOffice, type LocateOptions } from './libreoffice-locator';
import { prepareWorkDir } from './work-dir';

export type PdfRenderFailure = 'unavailable' | 'timeout' | 'failed';

/** Every renderer failure; all three reasons are worth a retry later (a 5xx, not a 4xx). */
export class PdfRenderError extends Error {
  readonly reason: PdfRenderFailure;

  constructor(reason: PdfRenderFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfRenderError';
    this.reason = reason;
  }
}

export interface PdfRenderer {
  /** Starts LibreOffice and warms it up. Resolves even when LibreOffice is unusable: see isAvailable(). */
  start(): Promise<void>;
  /** Renders an ODT template with `data` to PDF; throws PdfRenderError. */
  render(templatePath: string, data: object): Promise<Buffer>;
  isAvailable(): boolean;
  /** Kills soffice and python (no orphan soffice.bin) and fails renders still in flight. */
  stop(): Promise<void>;
}

export interface CarbonePdfRendererOptions {
  /** Limit for one render, conversion included. */
  timeoutMs: number;
  /** LibreOffice processes converting in parallel. */
  factories: number;
  /** Directory owned by the renderer (one subdirectory per process, stale ones removed at start). */
  tempDir: string;
  /** Limit for starting LibreOffice plus the warm-up render; defaults to max(30 s, timeoutMs). */
  startTimeoutMs?: number;
  /** Where to look for LibreOffice; tests point it at a missing soffice. */
  locate?: LocateOptions;
}

type State = 'idle' | 'starting' | 'ready' | 'unavailable' | 'stopped';

const STOP_TIMEOUT_MS = 10_000;

/** A one-paragraph flat ODT: enough to load Writer and the PDF export filter. */
const WARM_UP_TEMPLATE = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
  xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
  office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
  <office:body><office:text><text:p>{d.text}</text:p></office:text></office:body>
</office:document>
`;

/** carbone's converter is process-wide: a second renderer would take over the first's soffice. */
let runningRenderer: CarbonePdfRenderer | undefined;

/**
 * PDF rendering through carbone and LibreOffice. carbone is a process-wide singleton, so
 * only one instance per process can be started.
 */
export class CarbonePdfRenderer implements PdfRenderer {
  private state: State = 'idle';
  private reasonUnavailable = 'renderer not started';
  private starting: Promise<void> | undefined;
  private carbone: LoadedCarbone | undefined;
  private workDir: string | undefined;
  /** Rejections of everything still waiting on carbone, so stop() can fail them at once. */
  private readonly inFlight = new Set<(error: PdfRenderError) => void>();

  constructor(private readonly options: CarbonePdfRendererOptions) {}

  isAvailable(): boolean {
    return this.state === 'ready';
  }

  /** Why PDFs cannot be rendered, for the start-up log; undefined when available. */
  get unavailableReason(): string | undefined {
    return this.state === 'ready' ? undefined : this.reasonUnavailable;
  }

  start(): Promise<void> {
    if (this.state === 'ready') return Promise.resolve();
    this.starting ??= this.doStart().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  async render(templatePath: string, data: object): Promise<Buffer> {
    if (this.starting !== undefined) await this.starting;
    const carbone = this.carbone;
    if (this.state !== 'ready' || carbone === undefined) {
      throw new PdfRenderError('unavailable', `PDF rendering unavailable: ${this.reasonUnavailable}`);
    }
    return this.renderWith(carbone, templatePath, data, this.options.timeoutMs);
  }

  async stop(): Promise<void> {
    const wasRunning = this.state === 'ready' || this.state === 'starting';
    this.markUnavailable('renderer stopped', 'stopped');
    for (const reject of this.inFlight) reject(new PdfRenderError('unavailable', 'PDF renderer stopped'));
    this.inFlight.clear();
    if (wasRunning && this.carbone !== undefined) await this.shutDownConverter(this.carbone);
    if (runningRenderer === this) runningRenderer = undefined;
    if (this.workDir !== undefined) {
      fs.rmSync(this.workDir, { recursive: true, force: true });
      this.workDir = undefined;
    }
  }

  private async doStart(): Promise<void> {
    const location = locateLibreOffice(this.options.locate);
    if (!location.available) {
      this.markUnavailable(location.reason);
      return;
    }
    if (runningRenderer !== undefined && runningRenderer !== this) {
      this.markUnavailable('another CarbonePdfRenderer is already running in this process');
      return;
    }
    runningRenderer = this;
    this.state = 'starting';
    const workDir = prepareWorkDir(this.options.tempDir);
    this.workDir = workDir;
    const carbone = loadCarbone(location.installation);
    this.carbone = carbone;
    const startTimeoutMs = this.options.startTimeoutMs ?? Math.max(30_000, this.options.timeoutMs);
    carbone.set({
      tempPath: workDir,
      renderPath: path.join(workDir, 'render'),
      factories: this.options.factories,
      startFactory: false,
      // The cold warm-up conversion may take longer than a render is allowed.
      converterFactoryTimeout: startTimeoutMs,
    });

    try {
      const factoriesReady = new Promise<void>((resolve) =>
        carbone.converter.init({ factories: this.options.factories, startFactory: true }, resolve),
      );
      await this.bounded(factoriesReady, startTimeoutMs, 'LibreOffice start');
      // The first PDF of a fresh soffice takes seconds (Writer and the PDF filter load lazily).
      const warmUpTemplate = path.join(workDir, 'warm-up.fodt');
      fs.writeFileSync(warmUpTemplate, WARM_UP_TEMPLATE);
      await this.renderWith(carbone, warmUpTemplate, { text: 'warm-up' }, startTimeoutMs);
      // From now on carbone kills a stuck soffice itself, about when our own timeout gives up.
      carbone.set({ converterFactoryTimeout: this.options.timeoutMs });
    } catch (error) {
      if (this.state !== 'starting') return; // stop() came first
      const message = error instanceof Error ? error.message : String(error);
      await this.shutDownConverter(carbone);
      runningRenderer = undefined;
      this.markUnavailable(`LibreOffice did not start (${message})`);
      return;
    }
    if (this.state === 'starting') this.state = 'ready';
  }

  private renderWith(carbone: LoadedCarbone, templatePath: string, data: object, timeoutMs: number): Promise<Buffer> {
    const rendering = new Promise<Buffer>((resolve, reject) => {
      // carbone would resolve a relative path against the cwd it saw when first loaded.
      carbone.render(path.resolve(templatePath), data, { convertTo: 'pdf' }, (err, result) => {
        if (err !== null && err !== undefined) reject(toRenderError(err));
        else if (Buffer.isBuffer(result)) resolve(result);
        else reject(new PdfRenderError('failed', 'carbone returned no PDF buffer'));
      });
    }).catch((error: unknown) => Promise.reject(toRenderError(error)));
    return this.bounded(rendering, timeoutMs, `render of ${path.basename(templatePath)}`);
  }

  /**
   * Races `work` against a timer and against stop(). Needed because carbone may never call
   * back (e.g. a python without uno makes it restart its converter forever).
   */
  private bounded<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const cancel = (error: PdfRenderError): void => {
        clearTimeout(timer);
        this.inFlight.delete(cancel);
        reject(error);
      };
      const timer = setTimeout(
        () => cancel(new PdfRenderError('timeout', `${what} exceeded ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.inFlight.add(cancel);
      work.then(
        (value) => {
          clearTimeout(timer);
          this.inFlight.delete(cancel);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          this.inFlight.delete(cancel);
          reject(error);
        },
      );
    });
  }

  private async shutDownConverter(carbone: LoadedCarbone): Promise<void> {
    const exited = new Promise<void>((resolve) => carbone.converter.exit(resolve));
    // exit() SIGKILLs soffice.bin and python, then waits for both to close; never hang stop() on it.
    await this.bounded(exited, STOP_TIMEOUT_MS, 'LibreOffice shutdown').catch(() => undefined);
  }

  private markUnavailable(reason: string, state: State = 'unavailable'): void {
    this.state = state;
    this.reasonUnavailable = reason;
  }
}

function toRenderError(err: unknown): PdfRenderError {
  if (err instanceof PdfRenderError) return err;
  // carbone reports some failures as plain strings.
  const message = err instanceof Error ? err.message : String(err);
  const reason: PdfRenderFailure = /cannot find libreoffice/i.test(message) ? 'unavailable' : 'failed';
  return new PdfRenderError(reason, `PDF render failed: ${message}`, { cause: err });
}
