import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Writes a bench's results as JSON (with the machine they were measured on) and says where. */
export function writeResults(file: string, results: object): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const machine = { date: new Date().toISOString(), node: process.version, cores: os.availableParallelism(), loadAverage: os.loadavg() };
  fs.writeFileSync(file, `${JSON.stringify({ ...machine, ...results }, null, 2)}\n`);
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
}

/** The machine a figure was measured on, as a bench prints it above its table: Node, cores, load. */
export function machineLine(): string {
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  return `node ${process.version}, ${os.availableParallelism()} cores, load average ${load}`;
}

/** Runs a bench's main and exits 0, or 1 with the failure on stderr. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      process.exit(1);
    },
  );
}
