import type { CaiRangeSpec } from '../../src/services/company/setup/setup-document';
import { issueApiKey, uniqueCode } from '../support/factories';
import { CART, caiOf, issueSale, setupWithRanges } from '../support/issuing-fixtures';
import { runAdmin } from '../support/run-admin';
import { applySetup } from '../support/setup-fixtures';
import { noteCommand } from '../support/note-commands';
import { tableChecksums } from '../support/table-checksums';
import { createTestApp, TestApp } from '../support/test-app';

const FAR = '2099-12-31';
const invoiceRange: CaiRangeSpec = { cai: caiOf('a'), rangeStart: 1, rangeEnd: 1000, deadline: FAR };
const creditRange: CaiRangeSpec = { cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'creditNote' };

/**
 * The first note of a type stores the company's template of that type (content-addressed, before
 * the note's transaction). A refused note must not: on a fresh database, where no note template
 * is stored yet, every refusal leaves every table as it was, template_versions included.
 */
describe('a refused note stores nothing, not even its template version', () => {
  let t: TestApp;
  const code = uniqueCode('R');
  let invoiceId: number;
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);

  beforeAll(async () => {
    t = await createTestApp();
    await applySetup(t, setupWithRanges([invoiceRange, creditRange], code));
    const { auth } = await issueApiKey(t.orm, t.container, code);
    invoiceId = (await issueSale(t.http, auth, 'r-1', CART)).id;
  }, 60_000);
  afterAll(() => t.close());

  const refusedWithNothingStored = async (args: string[], message: string) => {
    const before = await tableChecksums(t.orm);
    const run = await admin(...args);
    expect(run).toMatchObject({ code: 1, stdout: '', stderr: `error: ${message}\n` });
    expect(await tableChecksums(t.orm)).toBe(before);
  };

  it('over a limit', async () => {
    const credit = noteCommand('credit', code, invoiceId, 'Devolución', '--return', '1:3');
    await refusedWithNothingStored(credit, 'line 1: 2 left');
  });

  it('without a range of the type', async () => {
    const debit = noteCommand('debit', code, invoiceId, 'Flete', '--description', 'Flete');
    await refusedWithNothingStored(
      [...debit, '--amount', '1', '--rate', 'exempt'],
      'emission point 000-001 has no usable CAI range for debit notes (no range with numbers left)',
    );
  });

  it('the first accepted note of the type then stores its version', async () => {
    const [{ n: before }] = await t.orm.em.getConnection().execute<{ n: number }[]>('SELECT COUNT(*) AS n FROM template_versions');
    const run = await admin(...noteCommand('credit', code, invoiceId, 'Devolución', '--return', '1:1'));
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const [{ n: after }] = await t.orm.em.getConnection().execute<{ n: number }[]>('SELECT COUNT(*) AS n FROM template_versions');
    expect(Number(after)).toBe(Number(before) + 1);
  });
});
