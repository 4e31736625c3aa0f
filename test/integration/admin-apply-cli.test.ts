import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { main } from '../../src/cli/admin';
import { companyCai, uniqueCode } from '../support/factories';
import { exampleDocument, writeSetupFile } from '../support/setup-apply';
import { createTestApp, TestApp } from '../support/test-app';

const REPO_ROOT = path.resolve(__dirname, '../..');

/** `admin apply` as the operator runs it: the CLI entry point, then a real child process. */
describe('admin apply on the command line', () => {
  let t: TestApp;
  let savedEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    t = await createTestApp();
    savedEnv = { ...process.env };
    // The CLI reads its configuration from the environment, as in production.
    process.env.DATABASE_URL = t.config.databaseUrl;
    process.env.LOG_LEVEL = 'warn';
  });
  afterAll(async () => {
    process.env = savedEnv;
    await t.close();
  });

  /** Runs main() and captures what it writes to stdout and stderr. */
  async function runMain(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
    try {
      const code = await main(args);
      return { code, stdout: out.join(''), stderr: err.join('') };
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
  }

  it('prints a summary line, then one line per entry changed, on stdout and exits 0', async () => {
    const code = uniqueCode('L');
    const file = writeSetupFile(exampleDocument(code));
    const first = await runMain(['apply', file]);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    const lines = first.stdout.split('\n');
    expect(lines[0]).toBe(`applied ${code}: 22 created, 0 updated, 0 deleted`);
    expect(lines.slice(1, -1)).toHaveLength(22);
    expect(lines).toContain(`create company (company ${code})`);
    expect(lines).toContain('create priceLists[0].prices[1] (price P-CERVEZA in GENERAL)');
    expect(lines).toContain(`create establishments[0].emissionPoints[0].caiRanges[0] (CAI ${companyCai(code, '0')} at 000-001)`);
    expect((await runMain(['apply', file])).stdout).toBe(`applied ${code}: 0 created, 0 updated, 0 deleted\n`);
  });

  it('exits 1 with one error line for a missing file or a syntax error, naming the line', async () => {
    const missing = await runMain(['apply', '/nonexistent/setup.yaml']);
    expect(missing).toEqual({ code: 1, stdout: '', stderr: 'error: cannot read setup file /nonexistent/setup.yaml: no such file\n' });

    const file = writeSetupFile('company:\n  code: ACME\n  name: [unclosed\nusers: []\n');
    const broken = await runMain(['apply', file]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(new RegExp(`^error: ${file.replace(/[.]/g, '\\.')}: YAML syntax error at line 4, column 1: .+\\n$`));
  });

  it('describes the file format in --help', async () => {
    const help = await runMain(['apply', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: admin apply [options] <file>');
    expect(help.stdout).toContain('deleted: true');
  });

  it('run as a process, exits 1 with a single stderr line naming the bad entry', () => {
    const doc = exampleDocument(uniqueCode('L'));
    doc.priceLists?.[0].prices?.push({ product: 'P-999', price: 1 });
    // ts-node without type checking runs the current sources, whatever state dist/ is in.
    const result = spawnSync(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', 'src/cli/admin.ts', 'apply', writeSetupFile(doc)],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, TS_NODE_PROJECT: 'tsconfig.json' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error: priceLists[0].prices[5].product: unknown product P-999\n');
  });
});
