import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ensureFreshBuild, REPO_ROOT } from '../support/fresh-build';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const run = promisify(execFile);

describe('npm run demo where LibreOffice cannot render', () => {
  let db: TestDatabase;
  let script: string;

  beforeAll(async () => {
    script = ensureFreshBuild('dist/src/cli/demo-serve.js');
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('stops with exit 1 and says why, instead of announcing a demo whose previews have no PDF', async () => {
    const env = {
      ...process.env,
      DATABASE_URL: db.config.databaseUrl,
      PORT: '0',
      CONSOLE_PORT: '0',
      SOFFICE_PATH: '/nonexistent/program/soffice',
    };
    const failed = await run(process.execPath, [script], { cwd: REPO_ROOT, env, timeout: 60_000 }).then(
      () => undefined,
      (err: Error & { code?: number; stdout?: string; stderr?: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(
      'demo failed: PDF rendering is unavailable (see the log above): run `npm run setup`, then `npm run demo` again',
    );
    expect(failed?.stdout).toContain('PDF rendering unavailable');
    expect(failed?.stdout).not.toContain('Demo company DEMO is ready.');
  });
});
