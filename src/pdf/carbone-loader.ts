import path from 'node:path';
import { formatWithOptions, stripVTControlCharacters } from 'node:util';
import type * as Carbone from 'carbone';
import { pathForCarbone, type LibreOfficeInstallation } from './libreoffice-locator';
import { removePipesOf } from './libreoffice-pipes';
import type { CarboneTemplate } from './odt-package';

/** carbone.set() accepts every key of its params module; @types/carbone lists only some. */
export interface CarboneSettings extends Carbone.Options {
  renderPath?: string;
  converterFactoryTimeout?: number;
}

/** The converter module: not typed by @types/carbone, but the only way to start and stop soffice. */
export interface CarboneConverter {
  init(options: { factories?: number; startFactory?: boolean }, callback: () => void): void;
  exit(callback: () => void): void;
}

export interface LoadedCarbone {
  /** A path (carbone reads the file on every call) or a template object carbone may rewrite. */
  render(
    template: string | CarboneTemplate,
    data: object,
    options: Carbone.RenderOptions,
    callback: (err: unknown, result: Buffer | string) => void,
  ): void;
  set(options: CarboneSettings): void;
  converter: CarboneConverter;
  /** The installation carbone detected when it was first loaded. */
  installation: LibreOfficeInstallation;
}

const CARBONE_SIGNALS = ['SIGINT', 'SIGHUP', 'SIGQUIT'] as const;

type Spawn = typeof import('node:child_process').spawn;

/**
 * Runs `load` (requiring carbone) with a spawn that removes what each LibreOffice leaves in the
 * pipe directory once it has ended, however it ended (stopped, recycled, killed by carbone's
 * timeout, crashed): carbone's converter keeps the spawn it finds when it is required, and
 * tells nobody when a LibreOffice ends. carbone passes a command and arguments only.
 */
function withPipeRemovingSpawn<T>(load: () => T): T {
  // The module object itself, which carbone's converter reads spawn from: an import would give a copy.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const childProcess = require('node:child_process') as { spawn: Spawn };
  const spawn = childProcess.spawn;
  childProcess.spawn = ((command: string, args: readonly string[] = []) => {
    const child = spawn(command, args);
    child.once('exit', () => removePipesOf(args));
    return child;
  }) as Spawn;
  try {
    return load();
  } finally {
    childProcess.spawn = spawn;
  }
}

/** Where carbone's own output goes: the renderer's logger (at debug), never stdout. */
export type CarboneOutput = (line: string) => void;

let output: CarboneOutput = () => undefined;
const toOutput = (args: unknown[]) => output(stripVTControlCharacters(formatWithOptions({ colors: false }, ...args)));

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/**
 * Runs synchronous carbone code with the console sent to `output`: carbone prints with
 * console.log in the middle of its work (a CPU benchmark when loaded beside a test runner, a
 * failed execution plan with its generated code), which would land in the middle of a command's
 * result on stdout.
 */
function quietly<T>(work: () => T): T {
  const saved = CONSOLE_METHODS.map((method) => [method, console[method]] as const);
  for (const method of CONSOLE_METHODS) console[method] = (...args: unknown[]) => toOutput(args);
  try {
    return work();
  } finally {
    for (const [method, original] of saved) console[method] = original;
  }
}

/** carbone's functions that print with console.log (lib/helper.js, lib/builder.js), made to print to `output`. */
function quietenPrintingFunctions(): void {
  const modules = [
    [require('carbone/lib/helper'), 'updatePerformanceFactor'],
    [require('carbone/lib/builder'), 'getBuilderFunction'],
  ] as Array<[Record<string, (...args: unknown[]) => unknown>, string]>;
  for (const [module, name] of modules) {
    const original = module[name];
    // carbone calls them through their module object, so replacing the property reaches every caller.
    module[name] = function (this: unknown, ...args: unknown[]) {
      return quietly(() => original.apply(this, args));
    };
  }
}

/**
 * Sends carbone's `debug` lines (enabled with DEBUG=carbone*; python's stderr among them) to
 * `output` rather than raw text on stderr among the JSON logs. Other packages' debug lines keep
 * their own destination.
 */
function routeCarboneDebug(): void {
  // carbone's own copy of debug (whichever node_modules holds it), not one this package depends on.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const createDebug = require(require.resolve('debug', { paths: [path.dirname(require.resolve('carbone'))] })) as {
    log: (this: { namespace?: string }, ...args: unknown[]) => void;
  };
  const previous = createDebug.log;
  createDebug.log = function (...args: unknown[]) {
    if (this?.namespace?.startsWith('carbone') === true) toOutput(args);
    else previous.apply(this, args);
  };
}

let loaded: LoadedCarbone | undefined;

/**
 * Loads carbone once, with PATH arranged so that its one-time LibreOffice detection (run
 * at require time) finds `installation`. Must therefore run before anything else requires
 * carbone. Later calls return the first load, whatever installation they pass.
 * Where possible (Linux), carbone finds the die-with-parent launchers in `launchers` first, so
 * the soffice.bin and python it spawns die with this process even when it is SIGKILLed.
 * Whatever carbone prints (console or debug) goes to `carboneOutput`, from this call on.
 */
export function loadCarbone(
  installation: LibreOfficeInstallation,
  launchers: string | undefined,
  carboneOutput: CarboneOutput = () => undefined,
): LoadedCarbone {
  output = carboneOutput;
  if (loaded !== undefined) return loaded;
  const carbonePath = pathForCarbone(installation, process.env.PATH);
  // Only carbone's one-time detection (at require) sees the launchers; nothing else is shadowed.
  process.env.PATH = launchers === undefined ? carbonePath : [launchers, carbonePath].join(path.delimiter);

  const before = new Map(CARBONE_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  // Before carbone is required: its converter reports what it detects as it loads.
  routeCarboneDebug();
  const { carbone, converter } = quietly(() =>
    withPipeRemovingSpawn(() => ({
      carbone: require('carbone') as typeof Carbone & { set(options: CarboneSettings): void },
      converter: require('carbone/lib/converter') as CarboneConverter,
    })),
  );
  quietenPrintingFunctions();
  process.env.PATH = carbonePath;
  // carbone's handlers swallow SIGINT/SIGHUP/SIGQUIT without exiting; the service owns
  // signals and stops the renderer itself. Its 'exit' hook (kill soffice) is kept.
  for (const signal of CARBONE_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }

  loaded = {
    // @types/carbone knows only paths; carbone's openTemplate() also takes an unzipped template object.
    render: (template, data, options, callback) =>
      carbone.render(template as string, data, options, (err, result) => callback(err, result)),
    set: (options) => carbone.set(options),
    converter,
    installation,
  };
  return loaded;
}
