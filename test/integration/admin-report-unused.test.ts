import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { addDays, hondurasDate } from '../../src/domain/calendar-date';
import { CaiRange } from '../../src/entities';
import { runAdminProcess } from '../support/admin-process';
import { parseCsv } from '../support/csv';
import { runAdmin } from '../support/run-admin';
import type { EmissionPointEntry } from '../../src/services/company/setup/setup-document';
import { sellingCompany, uniqueCode } from '../support/factories';
import { caiOf } from '../support/issuing-fixtures';
import { writeSetupFile } from '../support/setup-apply';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

const HEADER = ['CAI', 'Establecimiento', 'Punto Emision', 'Primer Numero No Usado', 'Ultimo Numero No Usado', 'Cantidad', 'Motivo'];

/**
 * Numbers to declare to SAR (Art. 42): expired ranges and ranges of emission points closed in the
 * month. The CSV reports and the setup run in-process (a process costs about a second of CPU); the
 * XLSX file and the refusals run as real processes, for the file, exit code and stderr of the binary.
 */
describe('admin report unused', () => {
  let t: TestApp;
  let code: string;
  let dir: string;
  const today = hondurasDate(new Date());
  const thisMonth = today.slice(0, 7);
  // The 15th of the previous month: a deadline that has certainly passed.
  const lastMonthDeadline = `${addDays(`${thisMonth}-01`, -1).slice(0, 7)}-15`;
  const unused = async (month: string, ...extra: string[]) => {
    const run = await runAdmin(t.config.databaseUrl, ['report', 'unused', '--company', code, '--month', month, ...extra]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    return parseCsv(run.stdout.replace(/^\uFEFF/, ''));
  };

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(tmpdir(), 'unused-'));
    const companyCode = uniqueCode('U');
    const withPoints = (emissionPoints: EmissionPointEntry[]) => sellingCompany({ code: companyCode, emissionPoints });
    const points = [
      { code: '001', caiRanges: [{ cai: caiOf('a'), rangeStart: 1, rangeEnd: 500, deadline: '2099-12-31' }] },
      {
        code: '002',
        caiRanges: [
          { cai: caiOf('b'), rangeStart: 1, rangeEnd: 100, deadline: lastMonthDeadline },
          { cai: caiOf('c'), rangeStart: 101, rangeEnd: 200, deadline: lastMonthDeadline },
          { cai: caiOf('d'), rangeStart: 201, rangeEnd: 300, deadline: lastMonthDeadline },
        ],
      },
    ];
    const company = await setUpCompany(t, withPoints(points));
    code = company.code;
    for (let i = 0; i < 5; i++)
      expect(
        (
          await t.http
            .post('/v1/invoices')
            .set(company.auth)
            .set('Idempotency-Key', `u-${i}`)
            .send({ items: [{ externalProductId: 'SKU-P-1', quantity: 1 }] })
        ).status,
      ).toBe(201);
    // Numbers of an expired range cannot be issued any more, so the test marks 40 of range b and
    // all of range c as used directly, as issuing before the deadline would have left them.
    const em = t.orm.em.fork();
    await em.nativeUpdate(CaiRange, { cai: caiOf('b') }, { nextNumber: 41 });
    await em.nativeUpdate(CaiRange, { cai: caiOf('c') }, { nextNumber: 201 });

    // Point 001 closes today: only its flag changes in the file.
    const closed = withPoints([{ ...points[0], deleted: true }, points[1]]);
    const run = await runAdmin(t.config.databaseUrl, ['apply', writeSetupFile(closed)]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
  }, 60_000);
  afterAll(() => t.close());

  it('lists the unused numbers of an emission point closed this month as PUNTO CERRADO', async () => {
    expect(await unused(thisMonth)).toEqual([
      HEADER,
      [caiOf('a'), '000', '001', '000-001-01-00000006', '000-001-01-00000500', '495', 'PUNTO CERRADO'],
    ]);
  });

  it('lists ranges whose deadline fell in the month with numbers never used (partly or wholly unused) as VENCIDO, not a fully used one', async () => {
    expect(await unused(lastMonthDeadline.slice(0, 7))).toEqual([
      HEADER,
      [caiOf('b'), '000', '002', '000-002-01-00000041', '000-002-01-00000100', '60', 'VENCIDO'],
      [caiOf('d'), '000', '002', '000-002-01-00000201', '000-002-01-00000300', '100', 'VENCIDO'],
    ]);
  });

  it('gives only the header for a month with nothing to declare', async () => {
    expect(await unused('2020-01')).toEqual([HEADER]);
  });

  it('writes the same rows as XLSX with a numeric count', async () => {
    const file = path.join(dir, 'unused.xlsx');
    const run = await runAdminProcess(t.config.databaseUrl, [
      'report',
      'unused',
      '--company',
      code,
      '--month',
      thisMonth,
      '--format',
      'xlsx',
      '--out',
      file,
    ]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      caiOf('a'),
      '000',
      '001',
      '000-001-01-00000006',
      '000-001-01-00000500',
      495,
      'PUNTO CERRADO',
    ]);
  });

  it.each([
    [['--month', '2026-13'], 'error: --month must be a month YYYY-MM, got "2026-13"\n'],
    [['--month', '2026-11', '--company', 'NOPE'], 'error: unknown company NOPE\n'],
  ])('refuses %j with one line on stderr', async (args, stderr) => {
    const run = await runAdminProcess(t.config.databaseUrl, ['report', 'unused', '--company', code, ...args]);
    expect(run).toMatchObject({ code: 1, stderr });
    expect(run.stdout.length).toBe(0);
  });
});
