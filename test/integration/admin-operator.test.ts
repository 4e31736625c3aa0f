import { verifyPassword } from '../../src/domain/password-hash';
import { runAdminProcess } from '../support/admin-process';
import { sellingCompany } from '../support/factories';
import { runAdmin } from '../support/run-admin';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/** `admin operator`: console accounts, their passwords stored only as scrypt hashes. */
describe('admin operator', () => {
  let t: TestApp;
  let companyCode: string;
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);
  const storedHash = async (email: string) => {
    const rows = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ password_hash: string }[]>('select password_hash from console_operators where email = ?', [email]);
    return rows[0]?.password_hash;
  };

  beforeAll(async () => {
    t = await createTestApp();
    companyCode = (await setUpCompany(t, sellingCompany({ code: 'OPCO' }))).code;
  }, 60_000);
  afterAll(() => t.close());

  it('adds an accountant and prints a generated password as the only stdout line; only its scrypt hash is stored', async () => {
    const run = await admin(
      'operator',
      'add',
      '--email',
      'Ana@Example.HN',
      '--name',
      'Ana López',
      '--role',
      'accountant',
      '--company',
      companyCode,
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const lines = run.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const password = lines[0];
    expect(password.length).toBeGreaterThanOrEqual(12);
    const hash = await storedHash('ana@example.hn');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(hash).not.toContain(password);
    expect(await verifyPassword(password, hash!)).toBe(true);
    expect(await verifyPassword(`${password}x`, hash!)).toBe(false);
  });

  it('lists operators with their role, state and companies, never a password', async () => {
    await admin('operator', 'add', '--email', 'root@example.hn', '--name', 'Raúl Admin', '--role', 'admin');
    const run = await admin('operator', 'list');
    expect(run.stdout).toBe(
      [
        'ana@example.hn accountant active companies=OPCO name=Ana López',
        'root@example.hn admin active companies=* name=Raúl Admin',
        '',
      ].join('\n'),
    );
    const json = JSON.parse((await admin('operator', 'list', '--json')).stdout);
    expect(json[0]).toMatchObject({ email: 'ana@example.hn', role: 'accountant', companies: ['OPCO'], disabled: false });
    expect(JSON.stringify(json)).not.toMatch(/scrypt|password/i);
  });

  it('reads the password from the first line of stdin with --password-stdin (compiled CLI, real pipe)', async () => {
    const run = await runAdminProcess(
      t.config.databaseUrl,
      ['operator', 'add', '--email', 'pipe@example.hn', '--name', 'Pipa', '--role', 'admin', '--password-stdin'],
      {},
      'correct horse battery\r\nsecond line\n',
    );
    expect(run.code).toBe(0);
    expect(run.stdout.toString()).toBe('');
    expect(await verifyPassword('correct horse battery', (await storedHash('pipe@example.hn'))!)).toBe(true);
  });

  it('reset-password prints a new password that replaces the old one', async () => {
    const before = await storedHash('root@example.hn');
    const run = await admin('operator', 'reset-password', '--email', 'ROOT@example.hn');
    expect(run.code).toBe(0);
    const password = run.stdout.trim();
    const after = await storedHash('root@example.hn');
    expect(after).not.toBe(before);
    expect(await verifyPassword(password, after!)).toBe(true);
  });

  it('disable marks the account disabled', async () => {
    expect(await admin('operator', 'disable', '--email', 'pipe@example.hn')).toMatchObject({
      code: 0,
      stdout: 'disabled pipe@example.hn\n',
    });
    expect((await admin('operator', 'list')).stdout).toContain('pipe@example.hn admin disabled');
  });
});
