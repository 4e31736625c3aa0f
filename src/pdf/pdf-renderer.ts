import fs from 'node:fs';
import path from 'node:path';
import { loadCarbone, type CarboneOutput, type LoadedCarbone } from './carbone-loader';
import { launchersPresent, prepareDieWithParentLaunchers } from './die-with-parent';
import { makeDeterministic } from './deterministic-pdf';
import { locateLibreOffice, type LocateOptions } from './libreoffice-locator';
import { toCarboneTemplate, type OdtPackage } from './odt-package';
import { mayBeLibreOfficeDeath, PdfRenderError, toRenderError } from './pdf-render-error';
import { RenderQueue } from './render-queue';
import { storeFilledTemplates } from './stored-template-zip';
import { prepareWorkDir } from './work-dir';

/** A template file path (carbone reads it), or an ODT already read and prepared in memory. */
export type TemplateSource = string | OdtPackage;

/**
 * A template, or the work that makes one (reading the letterhead, drawing the QR code): called
 * only once the renderer can render, so a render that fails at once (no LibreOffice) costs
 * nothing.
 */
export type TemplateInput = TemplateSource | (() => Promise<TemplateSource>);

export interface PdfRenderer {
  /** Starts LibreOffice and warms it up. Resolves even when LibreOffice is unusable: see isAvailable(). */
  start(): Promise<void>;
  /**
   * Renders an ODT template with `data` to PDF; throws PdfRenderError. The PDF is dated
   * `documentDate` (the document's instant) and identified by its content, so equal inputs give
   * equal bytes.
   */
  render(template: TemplateInput, data: object, documentDate: Date): Promise<Buffer>;
  isAvailable(): boolean;
  /** Why PDFs cannot be rendered; undefined when available. */
  readonly unavailableReason: string | undefined;
  /** Kills soffice and python (no orphan soffice.bin) and fails renders still in flight. */
  stop(): Promise<void>;
}

export interface CarbonePdfRendererOptions {
  /** Limit for one render, conversion included. */
  timeoutMs: number;
  /** LibreOffice processes converting in parallel. */
  factories: number;
  /**
   * Renders inside carbone at once (the rest wait in the queue); defaults to `factories` + 1,
   * so one document is being built in JS while each LibreOffice converts (measured: ~10 % more
   * PDFs/s than `factories` with one factory, same latency at one client).
   */
  concurrency?: number;
  /** Renders allowed to wait for a slot (default 64); more fail at once with reason "busy". */
  queueLimit?: number;
  /** Longest wait for a slot (default 20 s) before failing with reason "busy". */
  queueWaitMs?: number;
  /** Directory owned by the renderer (one subdirectory per process, stale ones removed at start). */
  tempDir: string;
  /** Limit for starting LibreOffice plus the warm-up render; defaults to max(30 s, timeoutMs). */
  startTimeoutMs?: number;
  /**
   * Conversions after which LibreOffice is restarted (0 or absent: never). A long-running
   * soffice grows by tens of MB per thousand documents; a restart gives the memory back.
   */
  recycleAfter?: number;
  /** Where to look for LibreOffice; tests point it at a missing soffice. */
  locate?: LocateOptions;
  /** Receives what carbone prints (its console and debug lines), which must never reach stdout; dropped when absent. */
  carboneOutput?: CarboneOutput;
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
  /** Puts the die-with-parent launchers back if a tmp cleaner removed them (carbone spawns LibreOffice through them). */
  private keepLaunchers: (() => void) | undefined;
  /** Rejections of everything still waiting on carbone, so stop() can fail them at once. */
  private readonly inFlight = new Set<(error: PdfRenderError) => void>();
  private readonly queue: RenderQueue;
  /** Conversions since LibreOffice (re)started, renders running in carbone, and a restart under way. */
  private conversions = 0;
  private active = 0;
  private recycling: Promise<void> | undefined;
  private idle: (() => void) | undefined;

  constructor(private readonly options: CarbonePdfRendererOptions) {
    this.queue = new RenderQueue({
      concurrency: options.concurrency ?? options.factories + 1,
      maxWaiting: options.queueLimit ?? 64,
      maxWaitMs: options.queueWaitMs ?? 20_000,
    });
  }

  isAvailable(): boolean {
    return this.state === 'ready';
  }

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

  /**
   * Waits for a slot (bounded queue), then renders. When LibreOffice dies under the job, the
   * job is tried once more: carbone restarts soffice and holds the retry until it is back.
   */
  async render(template: TemplateInput, data: object, documentDate: Date): Promise<Buffer> {
    if (this.starting !== undefined) await this.starting;
    this.readyCarbone(); // without LibreOffice, fail at once instead of queueing
    // Prepared before the queue: a slot is held only for carbone's own work.
    const source = typeof template === 'function' ? await template() : template;
    this.keepLaunchers?.();
    const pdf = await this.queue.run(async () => {
      // A job that finds a restart under way waits for it inside its queue slot, so the queue's
      // own bounds (waiting jobs, wait time) still apply and no render fails because of it.
      if (this.recycling !== undefined) await this.recycling;
      this.active++;
      try {
        return await this.renderWith(this.readyCarbone(), source, data, this.options.timeoutMs);
      } catch (error) {
        if (!(error instanceof PdfRenderError) || !mayBeLibreOfficeDeath(error)) throw error;
        return await this.renderWith(this.readyCarbone(), source, data, this.options.timeoutMs);
      } finally {
        this.active--;
        this.conversions++;
        if (this.active === 0) this.idle?.();
        this.recycleIfDue();
      }
    });
    return makeDeterministic(pdf, documentDate);
  }

  /**
   * After `recycleAfter` conversions: let the renders in carbone finish (new ones wait), then
   * restart LibreOffice and warm it up. A failed restart leaves the renderer unavailable, as a
   * failed start does.
   */
  private recycleIfDue(): void {
    const every = this.options.recycleAfter ?? 0;
    if (every === 0 || this.conversions < every || this.recycling !== undefined || this.state !== 'ready') return;
    this.recycling = this.recycle().finally(() => {
      this.recycling = undefined;
    });
  }

  private async recycle(): Promise<void> {
    if (this.active > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    this.idle = undefined;
    const carbone = this.carbone;
    if (carbone === undefined || this.state !== 'ready') return;
    await this.shutDownConverter(carbone);
    if (this.state !== 'ready') return; // stopped meanwhile
    this.conversions = 0;
    try {
      await this.warmUp(carbone, this.options.startTimeoutMs ?? Math.max(30_000, this.options.timeoutMs));
    } catch (error) {
      if (this.state !== 'ready') return;
      await this.shutDownConverter(carbone);
      this.markUnavailable(`LibreOffice did not restart (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  /** Starts carbone's LibreOffice processes and renders once, so the first real render is not the slow one. */
  private async warmUp(carbone: LoadedCarbone, startTimeoutMs: number): Promise<void> {
    carbone.set({ converterFactoryTimeout: startTimeoutMs });
    const factoriesReady = new Promise<void>((resolve) =>
      carbone.converter.init({ factories: this.options.factories, startFactory: true }, resolve),
    );
    await this.bounded(factoriesReady, startTimeoutMs, 'LibreOffice start');
    // The first PDF of a fresh soffice takes seconds (Writer and the PDF filter load lazily).
    const warmUpTemplate = path.join(this.workDir!, 'warm-up.fodt');
    fs.writeFileSync(warmUpTemplate, WARM_UP_TEMPLATE);
    await this.renderWith(carbone, warmUpTemplate, { text: 'warm-up' }, startTimeoutMs);
    // From now on carbone kills a stuck soffice itself, about when our own timeout gives up.
    carbone.set({ converterFactoryTimeout: this.options.timeoutMs });
  }

  async stop(): Promise<void> {
    const wasRunning = this.state === 'ready' || this.state === 'starting';
    this.markUnavailable('renderer stopped', 'stopped');
    this.queue.failWaiting(new PdfRenderError('unavailable', 'PDF renderer stopped'));
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
    // The one renderer this process runs (carbone's converter is a process-wide singleton).
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    runningRenderer = this;
    this.state = 'starting';
    const workDir = prepareWorkDir(this.options.tempDir);
    this.workDir = workDir;
    // Re-created at every start, and checked before every render, since carbone restarts a dead
    // LibreOffice through the path it found them at when first loaded.
    const launchers = prepareDieWithParentLaunchers(this.options.tempDir, location.installation);
    this.keepLaunchers =
      launchers === undefined
        ? undefined
        : () => {
            if (!launchersPresent(launchers)) prepareDieWithParentLaunchers(this.options.tempDir, location.installation);
          };
    const carbone = loadCarbone(location.installation, launchers, this.options.carboneOutput);
    storeFilledTemplates();
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
      await this.warmUp(carbone, startTimeoutMs);
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

  /** carbone, or throws "unavailable" (not started, LibreOffice missing, or stopped meanwhile). */
  private readyCarbone(): LoadedCarbone {
    if (this.state !== 'ready' || this.carbone === undefined) {
      throw new PdfRenderError('unavailable', `PDF rendering unavailable: ${this.reasonUnavailable}`);
    }
    return this.carbone;
  }

  private renderWith(carbone: LoadedCarbone, template: TemplateSource, data: object, timeoutMs: number): Promise<Buffer> {
    // carbone would resolve a relative path against the cwd it saw when first loaded; an
    // in-memory template is copied because carbone rewrites the object it renders.
    const source = typeof template === 'string' ? path.resolve(template) : toCarboneTemplate(template);
    const name = path.basename(typeof template === 'string' ? template : template.path);
    const rendering = new Promise<Buffer>((resolve, reject) => {
      carbone.render(source, data, { convertTo: 'pdf' }, (err, result) => {
        if (err !== null && err !== undefined) reject(toRenderError(err));
        else if (Buffer.isBuffer(result)) resolve(result);
        else reject(new PdfRenderError('failed', 'carbone returned no PDF buffer'));
      });
    }).catch((error: unknown) => Promise.reject(toRenderError(error)));
    return this.bounded(rendering, timeoutMs, `render of ${name}`);
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
      const timer = setTimeout(() => cancel(new PdfRenderError('timeout', `${what} exceeded ${timeoutMs} ms`)), timeoutMs);
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
