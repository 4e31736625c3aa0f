import os from 'node:os';
import { ACTIVITY_ACTIONS } from '../../src/domain/activity-action';
import { ActivityTrail, ActivityReader } from '../../src/services/access';
import { caiRangeData, clientData, companyCai, inContext, sellingCompany, TEST_ACTOR, uniqueCode } from '../support/factories';
import { runAdminProcess } from '../support/admin-process';
import { runAdmin } from '../support/run-admin';
import { writeSetupFile } from '../support/setup-apply';
import { issueSale } from '../support/issuing-fixtures';
import { ReadyCompany, setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

interface TrailRow {
  id: number;
  at: string;
  actor: string;
  companyId: number | null;
  action: string;
  target: string;
  details: string;
}

interface TrailJson {
  at: string;
  actor: string;
  company: string | null;
  action: string;
  target: string;
  details: Record<string, unknown>;
}

const CLI_ACTOR = `cli:${os.userInfo().username}`;
const MS_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;

/**
 * The activity trail as the CLI writes and reads it: every change writes exactly one row, in the
 * change's transaction, and a refused or failed change writes none.
 */
describe('activity trail', () => {
  let t: TestApp;
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);
  const sql = async <T = Record<string, unknown>[]>(query: string, params: unknown[] = []): Promise<T> =>
    (await t.orm.em.fork().getConnection().execute(query, params)) as T;

  const count = async () => Number((await sql<{ n: number }[]>('select count(*) as n from activity'))[0].n);

  /** Runs `change` and returns the rows it added to the whole table. */
  async function added(change: () => Promise<unknown>): Promise<TrailRow[]> {
    const [{ last }] = await sql<{ last: number | null }[]>('select max(id) as last from activity');
    await change();
    return sql<TrailRow[]>(
      'select id, cast(at as char) as at, actor, company_id as companyId, action, target, details from activity where id > ? order by id',
      [last ?? 0],
    );
  }

  /** A company with invoice, credit note and debit note ranges and one client. */
  const noteCompany = (code = uniqueCode('N')) =>
    setUpCompany(
      t,
      sellingCompany({
        code,
        clients: [clientData()],
        emissionPoints: [
          {
            code: '001',
            caiRanges: [
              caiRangeData({ cai: companyCai(code) }),
              caiRangeData({ cai: companyCai(code, 'creditNote'), documentType: 'creditNote' }),
              caiRangeData({ cai: companyCai(code, 'debitNote'), documentType: 'debitNote' }),
            ],
          },
        ],
      }),
    );

  const sale = (company: ReadyCompany, key: string) => issueSale(t.http, company.auth, key);

  function expectOneRow(rows: TrailRow[], expected: Partial<Omit<TrailRow, 'details'>> & { details?: unknown }): TrailRow {
    expect(rows).toHaveLength(1);
    const [row] = rows;
    const { details, ...fields } = expected;
    expect(row).toMatchObject({ actor: CLI_ACTOR, ...fields });
    expect(row.at).toMatch(MS_DATETIME);
    expect(Math.abs(Date.parse(`${row.at.replace(' ', 'T')}Z`) - Date.now())).toBeLessThan(60_000);
    if (details !== undefined) expect(JSON.parse(row.details)).toEqual(details);
    return row;
  }

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  describe('each change writes one row in its transaction', () => {
    let company: ReadyCompany;
    beforeAll(async () => {
      company = await noteCompany();
    }, 60_000);

    it('invoice annul: the printed number and id, the reason; annulling again records nothing', async () => {
      const inv = await sale(company, 'trail-annul');
      const rows = await added(async () =>
        expect(
          (await admin('invoice', 'annul', '--company', company.code, '--id', String(inv.id), '--reason', 'RTN equivocado')).code,
        ).toBe(0),
      );
      expectOneRow(rows, {
        companyId: company.companyId,
        action: 'invoice-annulled',
        target: `invoice ${inv.fiscalNumber} (id ${inv.id})`,
        details: { reason: 'RTN equivocado' },
      });
      const again = await added(() => admin('invoice', 'annul', '--company', company.code, '--id', String(inv.id), '--reason', 'otra vez'));
      expect(again).toEqual([]);
    });

    it('note credit and debit: note-issued naming the note and its invoice; note annul: note-annulled', async () => {
      const inv = await sale(company, 'trail-notes');
      const note = ['--company', company.code, '--invoice-id', String(inv.id), '--json'];
      let credit: { id: number; number: string } = { id: 0, number: '' };
      const creditRows = await added(async () => {
        const run = await admin('note', 'credit', ...note, '--reason', 'Devolución', '--return', '1:1');
        expect(run.code).toBe(0);
        credit = JSON.parse(run.stdout) as typeof credit;
      });
      expectOneRow(creditRows, {
        companyId: company.companyId,
        action: 'note-issued',
        target: `credit note ${credit.number} (id ${credit.id}) of invoice ${inv.fiscalNumber} (id ${inv.id})`,
        details: { reason: 'Devolución', total: '115.00' },
      });

      let debit: { id: number; number: string } = { id: 0, number: '' };
      const debitRows = await added(async () => {
        const run = await admin('note', 'debit', ...note, '--reason', 'Flete', '--description', 'Flete', '--amount', '50', '--rate', '15');
        expect(run.code).toBe(0);
        debit = JSON.parse(run.stdout) as typeof debit;
      });
      expectOneRow(debitRows, {
        action: 'note-issued',
        target: `debit note ${debit.number} (id ${debit.id}) of invoice ${inv.fiscalNumber} (id ${inv.id})`,
      });

      const annulRows = await added(async () =>
        expect((await admin('note', 'annul', '--company', company.code, '--id', String(debit.id), '--reason', 'Monto errado')).code).toBe(
          0,
        ),
      );
      expectOneRow(annulRows, {
        action: 'note-annulled',
        target: `debit note ${debit.number} (id ${debit.id})`,
        details: { reason: 'Monto errado' },
      });
    });

    it('apikey issue and revoke: the key by its id and prefix, never the key itself', async () => {
      const fresh = await setUpCompany(t);
      let key = '';
      const issued = await added(async () => {
        const run = await admin('apikey', 'issue', '--company', fresh.code);
        expect(run.code).toBe(0);
        key = run.stdout.trim();
      });
      const [{ id: keyId, prefix }] = await sql<{ id: number; prefix: string }[]>(
        'select id, prefix from api_keys where company_id = ? order by id desc limit 1',
        [fresh.companyId],
      );
      expect(key.startsWith(prefix)).toBe(true);
      expectOneRow(issued, {
        companyId: fresh.companyId,
        action: 'key-issued',
        target: `key ${keyId} (${prefix})`,
        details: { prefix, expiresAt: null },
      });

      const revoked = await added(async () =>
        expect((await admin('apikey', 'revoke', '--company', fresh.code, '--id', String(keyId))).code).toBe(0),
      );
      expectOneRow(revoked, { action: 'key-revoked', target: `key ${keyId} (${prefix})`, details: { prefix } });
      expect(await added(() => admin('apikey', 'revoke', '--company', fresh.code, '--id', String(keyId)))).toEqual([]);

      // Neither the table nor what `activity` prints holds the key, or its secret part alone.
      const secret = key.slice(prefix.length);
      const [{ n }] = await sql<{ n: number }[]>(
        'select count(*) as n from activity where instr(concat(actor, target, details), ?) > 0 or instr(concat(actor, target, details), ?) > 0',
        [key, secret],
      );
      expect(Number(n)).toBe(0);
      const everything = JSON.stringify(await sql('select * from activity'));
      expect(everything).not.toContain(secret);
      const json = await admin('activity', '--json');
      expect(json.code).toBe(0);
      expect(json.stdout).toContain(`key ${keyId} (${prefix})`);
      expect(json.stdout).not.toContain(secret);
      const text = await admin('activity');
      expect(text.stdout).not.toContain(secret);
    });

    it('client exonerate and clear-exoneration: client-exonerated; setting the same again records nothing', async () => {
      const [{ id: clientId, code }] = await sql<{ id: number; code: string }[]>('select id, code from clients where company_id = ?', [
        company.companyId,
      ]);
      const exonerate = ['client', 'exonerate', '--company', company.code, '--client-id', String(clientId), '--certificate', 'EXO-7'];
      const set = await added(async () => expect((await admin(...exonerate, '--valid-until', '2099-06-30')).code).toBe(0));
      expectOneRow(set, {
        companyId: company.companyId,
        action: 'client-exonerated',
        target: `client ${code} (id ${clientId})`,
        details: { certificate: 'EXO-7', sagRegistry: null, validUntil: '2099-06-30' },
      });
      expect(await added(() => admin(...exonerate, '--valid-until', '2099-06-30'))).toEqual([]);
      const cleared = await added(async () =>
        expect((await admin('client', 'clear-exoneration', '--company', company.code, '--client-id', String(clientId))).code).toBe(0),
      );
      expectOneRow(cleared, { action: 'client-exonerated', target: `client ${code} (id ${clientId})`, details: { cleared: true } });
    });

    it('apply: one setup-changed row for the company naming the entries changed, not their values; the same file again records nothing', async () => {
      const doc = sellingCompany({ clients: [clientData()] });
      const file = writeSetupFile(doc);
      const created = await added(async () => expect((await admin('apply', file)).code).toBe(0));
      const row = expectOneRow(created, { action: 'setup-changed', target: `company ${doc.company.code}` });
      const details = JSON.parse(row.details) as {
        created: number;
        updated: number;
        deleted: number;
        sections: Record<string, unknown>;
        entries: string[];
      };
      expect(details).toMatchObject({ updated: 0, deleted: 0 });
      expect(details.created).toBeGreaterThan(5);
      expect(details.sections).toMatchObject({ company: { created: 1 }, products: { created: 1 }, clients: { created: 1 } });
      expect(details.entries).toHaveLength(details.created);
      expect(details.entries).toContain(`create company ${doc.company.code}`);
      expect(row.details).not.toContain('Comercial de Prueba');

      expect(await added(() => admin('apply', file))).toEqual([]);

      doc.products![0].name = 'Producto renombrado';
      const changed = await added(async () => expect((await admin('apply', writeSetupFile(doc))).code).toBe(0));
      expectOneRow(changed, {
        companyId: row.companyId,
        action: 'setup-changed',
        details: { created: 0, updated: 1, deleted: 0, sections: { products: { updated: 1 } }, entries: ['update product P-1'] },
      });
    });
  });

  describe('a refused or failed change writes no row', () => {
    let company: ReadyCompany;
    beforeAll(async () => {
      company = await noteCompany();
    }, 60_000);

    it('a refused annulment, a note over a limit, a key over the limit', async () => {
      const inv = await sale(company, 'refused-1');
      const before = await count();
      const credit = ['note', 'credit', '--company', company.code, '--invoice-id', String(inv.id), '--reason', 'Devolución'];
      expect((await admin(...credit, '--return', '1:2')).stderr).toBe('error: line 1: 1 left\n');
      expect(await count()).toBe(before);
      expect((await admin(...credit, '--return', '1:1')).code).toBe(0);
      expect(await count()).toBe(before + 1);
      const annul = await admin('invoice', 'annul', '--company', company.code, '--id', String(inv.id), '--reason', 'error');
      expect(annul.stderr).toMatch(/^error: invoice \d+ .* has 1 live note\(s\)/);
      expect((await admin(...credit, '--full')).code).toBe(1);
      expect((await admin('apikey', 'issue', '--company', company.code)).code).toBe(0);
      expect((await admin('apikey', 'issue', '--company', company.code)).stderr).toMatch(/already has 2 active API keys/);
      expect(await count()).toBe(before + 2);
    });

    describe('a failure after the row is inserted, before the commit', () => {
      const recorded: number[] = [];
      let spy: jest.SpyInstance;
      const original = ActivityTrail.prototype.record;
      const failAfterTheRow = () =>
        jest.spyOn(ActivityTrail.prototype, 'record').mockImplementation(async function (this: ActivityTrail, on, record) {
          recorded.push(await original.call(this, on, record));
          throw new Error('the database went away after the activity row');
        });
      beforeEach(() => {
        recorded.length = 0;
        spy = failAfterTheRow();
      });
      afterEach(() => spy.mockRestore());

      /** The row was written (it had an id) and is gone with the change. */
      async function expectRolledBack(): Promise<void> {
        expect(recorded).toHaveLength(1);
        expect(recorded[0]).toBeGreaterThan(0);
        expect(await sql('select id from activity where id = ?', [recorded[0]])).toEqual([]);
      }

      it('leaves the annulment undone', async () => {
        const inv = await sale(company, 'atomic-annul');
        const run = await admin('invoice', 'annul', '--company', company.code, '--id', String(inv.id), '--reason', 'error');
        expect(run).toMatchObject({ code: 1, stderr: 'error: the database went away after the activity row\n' });
        await expectRolledBack();
        expect(await sql('select is_annulled as a from invoices where id = ?', [inv.id])).toEqual([{ a: 0 }]);
      });

      it('leaves no note and consumes no number (the numbered write on the plain SQL client)', async () => {
        const inv = await sale(company, 'atomic-note');
        const notes = async () =>
          Number((await sql<{ n: number }[]>('select count(*) as n from notes where company_id = ?', [company.companyId]))[0].n);
        const [before, nextBefore] = [await notes(), await nextNumber(company.companyId, 'creditNote')];
        const run = await admin('note', 'credit', '--company', company.code, '--invoice-id', String(inv.id), '--reason', 'x', '--full');
        expect(run.code).toBe(1);
        await expectRolledBack();
        expect(await notes()).toBe(before);
        expect(await nextNumber(company.companyId, 'creditNote')).toBe(nextBefore);
      });

      it('leaves no key and no apply', async () => {
        spy.mockRestore();
        const fresh = await setUpCompany(t);
        spy = failAfterTheRow();
        const keys = async () =>
          Number((await sql<{ n: number }[]>('select count(*) as n from api_keys where company_id = ?', [fresh.companyId]))[0].n);
        const before = await keys();
        expect((await admin('apikey', 'issue', '--company', fresh.code)).code).toBe(1);
        await expectRolledBack();
        expect(await keys()).toBe(before);

        recorded.length = 0;
        const doc = sellingCompany();
        expect((await admin('apply', writeSetupFile(doc))).code).toBe(1);
        await expectRolledBack();
        expect(await sql('select id from companies where code = ?', [doc.company.code])).toEqual([]);
      });
    });
  });

  describe('admin activity', () => {
    let a: ReadyCompany;
    let b: ReadyCompany;
    beforeAll(async () => {
      a = await setUpCompany(t);
      b = await setUpCompany(t);
      // Rows either side of the start of the Honduras day 2026-01-10 (06:00 UTC), and a sign-in of no company.
      await inContext(t.orm, () =>
        t.orm.em.transactional(async (em) => {
          const trail = t.container.get(ActivityTrail);
          const at = (iso: string) => new Date(iso);
          await trail.record(em, {
            actor: TEST_ACTOR,
            companyId: a.companyId,
            action: 'apply',
            target: 'before',
            at: at('2026-01-10T05:59:59.999Z'),
          });
          await trail.record(em, {
            actor: TEST_ACTOR,
            companyId: a.companyId,
            action: 'apply',
            target: 'first',
            at: at('2026-01-10T06:00:00.000Z'),
          });
          await trail.record(em, {
            actor: { kind: 'operator', email: 'ana@example.hn' },
            companyId: null,
            action: 'sign-in',
            target: 'ana@example.hn',
            at: at('2026-01-11T12:00:00.000Z'),
          });
        }),
      );
      expect((await admin('apikey', 'issue', '--company', b.code)).code).toBe(0);
    }, 60_000);

    async function json(...args: string[]): Promise<TrailJson[]> {
      const run = await admin('activity', '--json', ...args);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      return JSON.parse(run.stdout) as TrailJson[];
    }

    it('--json: an array of {at, actor, company, action, target, details}, newest first', async () => {
      const rows = await json();
      expect(rows.length).toBeGreaterThan(5);
      for (const row of rows) {
        expect(Object.keys(row)).toEqual(['at', 'actor', 'company', 'action', 'target', 'details']);
        expect(new Date(row.at).toISOString()).toBe(row.at);
        expect(ACTIVITY_ACTIONS).toContain(row.action);
        expect(typeof row.details).toBe('object');
      }
      const times = rows.map((r) => r.at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(rows[0]).toMatchObject({ actor: CLI_ACTOR, company: b.code, action: 'key-issued' });
      expect(rows.find((r) => r.action === 'sign-in')).toEqual({
        at: '2026-01-11T12:00:00.000Z',
        actor: 'ana@example.hn',
        company: null,
        action: 'sign-in',
        target: 'ana@example.hn',
        details: {},
      });
    });

    it('--company and --since (a Honduras day) filter; --limit keeps the newest', async () => {
      const ofA = await json('--company', a.code);
      expect(ofA.map((r) => r.company)).toEqual(ofA.map(() => a.code));
      expect(ofA.map((r) => r.target).slice(-2)).toEqual(['first', 'before']);
      expect(ofA.map((r) => r.actor)).toEqual(ofA.map(() => 'cli:test'));

      const sinceDay = await json('--company', a.code, '--since', '2026-01-10');
      expect(sinceDay.map((r) => r.target)).toContain('first');
      expect(sinceDay.map((r) => r.target)).not.toContain('before');
      expect(await json('--company', a.code, '--since', '2099-01-01')).toEqual([]);
      expect((await json('--since', '2026-01-11')).map((r) => r.action)).toContain('sign-in');
      expect((await json('--since', '2026-01-12')).map((r) => r.action)).not.toContain('sign-in');

      const all = await json();
      expect(await json('--limit', '2')).toEqual(all.slice(0, 2));
    });

    it('text: one line a row, in aligned columns', async () => {
      const run = await admin('activity', '--company', a.code);
      expect(run.code).toBe(0);
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines[lines.length - 1]).toMatch(new RegExp(`^2026-01-10T05:59:59\\.999Z  cli:test  ${a.code}  apply {17}  before\\s*$`));
      // Every row's action and target start at the same column.
      const rows = await json('--company', a.code);
      expect(lines).toHaveLength(rows.length);
      expect(new Set(lines.map((l, i) => l.indexOf(`  ${rows[i].action} `)))).toEqual(new Set([lines[0].indexOf(`  ${rows[0].action} `)]));
      // The target's first place after the action (the details after it may name it again).
      const targetAt = (l: string, i: number) => l.indexOf(rows[i].target, l.indexOf(`  ${rows[i].action} `) + rows[i].action.length + 2);
      expect(new Set(lines.map(targetAt))).toEqual(new Set([targetAt(lines[0], 0)]));
    });

    it('reads a page at a time: pages of 2 give the same rows as one read', async () => {
      const reader = t.container.get(ActivityReader);
      const query = { companyIds: null, since: null, limit: 1000 };
      const collect = async (pageSize: number) => {
        const ids: number[] = [];
        for await (const row of reader.read(query, pageSize)) ids.push(row.id);
        return ids;
      };
      const whole = await collect(1000);
      expect(whole.length).toBeGreaterThan(5);
      expect(await collect(2)).toEqual(whole);
      // Rows of the same millisecond are told apart by id across a page boundary.
      const sameMs = new Date('2026-02-01T00:00:00.000Z');
      await inContext(t.orm, () =>
        t.orm.em.transactional(async (em) => {
          for (const target of ['t1', 't2', 't3']) {
            await t.container
              .get(ActivityTrail)
              .record(em, { actor: TEST_ACTOR, companyId: a.companyId, action: 'apply', target, at: sameMs });
          }
        }),
      );
      const ties: string[] = [];
      for await (const row of reader.read({ companyIds: [a.companyId], since: sameMs, limit: 10 }, 2)) ties.push(row.target);
      expect(ties.filter((x) => x.startsWith('t'))).toEqual(['t3', 't2', 't1']);
    });

    it('pages for a console: several companies or none, a cursor to the older rows', async () => {
      const reader = t.container.get(ActivityReader);
      const both = { companyIds: [a.companyId, b.companyId], since: null, limit: 1000 };
      const first = await reader.page(both, null, 2);
      expect(first.rows).toHaveLength(2);
      expect(first.next).toEqual({ at: first.rows[1].at, id: first.rows[1].id });
      const rest: string[] = [];
      for (let after = first.next; after !== null;) {
        const page = await reader.page(both, after, 2);
        rest.push(...page.rows.map((r) => r.company ?? 'none'));
        after = page.next;
      }
      expect(new Set([...first.rows.map((r) => r.company), ...rest])).toEqual(new Set([a.code, b.code]));
      expect(first.rows.length + rest.length).toBe((await json('--company', a.code)).length + (await json('--company', b.code)).length);
      expect(await reader.page({ companyIds: [], since: null, limit: 10 }, null, 10)).toEqual({ rows: [], next: null });
    });

    it('refuses an EntityManager outside a transaction: its row would commit whatever became of the change', async () => {
      const before = await count();
      await expect(
        t.container.get(ActivityTrail).record(t.orm.em.fork(), { actor: TEST_ACTOR, companyId: null, action: 'sign-out', target: 'x' }),
      ).rejects.toThrow('the activity trail is written inside the transaction of the change it records');
      expect(await count()).toBe(before);
    });

    it('the compiled CLI, as its own process, records under cli:<os user> and prints the same trail', async () => {
      const issued = await runAdminProcess(t.config.databaseUrl, ['apikey', 'issue', '--company', a.code]);
      expect(issued.code).toBe(0);
      const listed = await runAdminProcess(t.config.databaseUrl, ['activity', '--json', '--company', a.code]);
      expect(listed).toMatchObject({ code: 0, stderr: '' });
      const rows = JSON.parse(listed.stdout.toString('utf8')) as TrailJson[];
      expect(rows[0]).toMatchObject({ actor: CLI_ACTOR, company: a.code, action: 'key-issued' });
      expect(listed.stdout.toString('utf8')).not.toContain(issued.stdout.toString('utf8').trim());
      expect(rows).toEqual(await json('--company', a.code));
      // Compiling dist/ first, when a source changed, takes most of this on a busy machine.
    }, 180_000);

    it('an unknown company or a bad --since or --limit: one line on stderr, exit 1', async () => {
      expect(await admin('activity', '--company', 'NO-SUCH-CO')).toMatchObject({
        code: 1,
        stdout: '',
        stderr: 'error: unknown company NO-SUCH-CO\n',
      });
      expect(await admin('activity', '--since', '2026-02-30')).toMatchObject({
        code: 1,
        stdout: '',
        stderr: 'error: --since must be a date YYYY-MM-DD, got "2026-02-30"\n',
      });
      expect(await admin('activity', '--limit', '0')).toMatchObject({ code: 1, stdout: '' });
    });
  });

  /** The next number a document type's range at 000-001 would give. */
  async function nextNumber(companyId: number, documentType: string): Promise<number> {
    const [row] = await sql<{ next: number }[]>(
      'select r.next_number as next from cai_ranges r join emission_points p on p.id = r.emission_point_id join establishments e on e.id = p.establishment_id where e.company_id = ? and r.document_type = ?',
      [companyId, documentType],
    );
    return Number(row.next);
  }
});
