import { loadCarbone } from '../../src/pdf/carbone-loader';
import { locateLibreOffice } from '../../src/pdf/libreoffice-locator';

/**
 * carbone prints with console.log (a CPU benchmark when it is loaded where a test runner's `it`
 * exists, as here) and with `debug`; an operator command's stdout must carry its result only, so
 * everything carbone prints goes to the output the renderer gives (its logger at debug).
 */
describe('carbone output', () => {
  const lines: string[] = [];
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;

  beforeAll(() => {
    const location = locateLibreOffice();
    if (!location.available) throw new Error(location.reason);
    // The jest setup loads carbone's helper before `it` exists, to spare every other file its
    // benchmark; here carbone must load as it would beside a test runner, benchmark and all.
    jest.resetModules();
    const consoleCalls = methods.map((method) => jest.spyOn(console, method));
    loadCarbone(location.installation, undefined, (line) => lines.push(line));
    for (const spy of consoleCalls) expect(spy).not.toHaveBeenCalled();
  });
  afterEach(() => jest.restoreAllMocks());

  it('sends the benchmark carbone prints as it loads to the given output, not to the console', () => {
    expect(lines.some((line) => line.includes('CPU_PERFORMANCE_FACTOR'))).toBe(true);
  });

  it('keeps doing so when carbone runs its printing code again later', () => {
    const log = jest.spyOn(console, 'log');
    const before = lines.length;
    (require('carbone/lib/helper') as { updatePerformanceFactor(): void }).updatePerformanceFactor();

    expect(log).not.toHaveBeenCalled();
    expect(lines.slice(before).some((line) => line.includes('Raw CPU perf test'))).toBe(true);
  });

  it("routes carbone's debug lines to the output and leaves other packages' debug lines alone", () => {
    // carbone's own copy of debug, as the loader finds it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const createDebug = require(require.resolve('debug', { paths: [require.resolve('carbone')] })) as {
      (namespace: string): ((...args: unknown[]) => void) & { enabled: boolean };
      log: (...args: unknown[]) => void;
    };
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const ours = createDebug('carbone:test');
    const theirs = createDebug('knex:test');
    ours.enabled = true;
    theirs.enabled = true;

    ours('converted %d documents', 3);
    theirs('a query');

    expect(lines.some((line) => line.includes('carbone:test converted 3 documents'))).toBe(true);
    expect(lines.some((line) => line.includes('a query'))).toBe(false);
    expect(stderr.mock.calls.map(([chunk]) => String(chunk)).some((chunk) => chunk.includes('a query'))).toBe(true);
    expect(stderr.mock.calls.map(([chunk]) => String(chunk)).some((chunk) => chunk.includes('converted'))).toBe(false);
  });
});
