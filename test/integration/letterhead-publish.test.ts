import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { caiRangeData, sellingCompany } from '../support/factories';
import { framedPng } from '../support/png';
import { runAdmin, runAdminFailure, shareLibreOfficeAcrossCommands } from '../support/run-admin';
import { issueSale } from '../support/issuing-fixtures';
import { ReadyCompany, setUpCompany } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';
import { DEFAULT_TEMPLATE, withBanner, writeEditedTemplate } from '../support/template-files';
import { createTestApp, TestApp } from '../support/test-app';

const ACTOR = `cli:${os.userInfo().username}`;
const ISO = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';
/** A test that starts the CLI's LibreOffice: cold starts take minutes on a busy machine. */
const LIBREOFFICE_TEST_MS = 300_000;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * `admin template publish`, `current` and `rollback` as the CLI runs them (a publish starts the
 * command's LibreOffice for the check, here one the file's commands share, so this file's app
 * runs without one): what is stored, what the next documents are issued with, and that a refused
 * candidate changes nothing. What the PDFs print, on two instances, is
 * letterhead-multi-process.test.ts.
 */
describe('admin template publish, current and rollback', () => {
  shareLibreOfficeAcrossCommands();
  let t: TestApp;
  let company: ReadyCompany;
  let dir: string;
  let first: string;
  let second: string;
  let logo: string;

  beforeAll(async () => {
    // Each publish starts the CLI's own LibreOffice for its check: give a busy machine time.
    process.env.PDF_TIMEOUT_MS = '120000';
    t = await createTestApp();
    company = await setUpCompany(
      t,
      sellingCompany({
        emissionPoints: [
          {
            code: '001',
            caiRanges: [caiRangeData(), caiRangeData({ cai: 'C1C2C3-C4C5C6-C7C8C9-C0C1C2-C3C4C5-C6', documentType: 'creditNote' })],
          },
        ],
      }),
    );
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letterhead-publish-'));
    first = path.join(dir, 'first.odt');
    second = path.join(dir, 'second.odt');
    logo = path.join(dir, 'logo.png');
    await writeEditedTemplate(first, withBanner('PRIMER MEMBRETE'));
    await writeEditedTemplate(second, withBanner('SEGUNDO MEMBRETE'));
    fs.writeFileSync(logo, framedPng(120, 40, [20, 80, 160]));
  }, 60_000);
  afterAll(async () => {
    delete process.env.PDF_TIMEOUT_MS;
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const template = (...args: string[]) => runAdmin(t.config.databaseUrl, ['template', ...args]);
  /** The last line of stdout: carbone prints a CPU calibration when first loaded under jest. */
  const lastLine = (stdout: string) => stdout.trim().split('\n').pop();
  const issue = async (key: string) => (await issueSale(t.http, company.auth, key)).id;
  const versionsOf = async (table: 'invoices' | 'notes', id: number) => {
    const [row] = await t.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ template: string; logo: string | null; templateVersionId: number }>>(
        `select tv.sha256 as template, lv.sha256 as logo, d.template_version_id as templateVersionId from ${table} d ` +
          'join template_versions tv on tv.id = d.template_version_id left join template_versions lv on lv.id = d.logo_version_id where d.id = ?',
        [id],
      );
    return row;
  };
  const publications = async () =>
    t.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ id: number; action: string; document_type: string; previous_id: number | null; published_by: string }>>(
        'select p.id, p.action, p.document_type, p.previous_id, p.published_by from letterhead_publications p where p.company_id = ? order by p.id',
        [company.companyId],
      );

  it('with nothing published, `current` shows every document type printing from the files', async () => {
    const run = await template('current', '--company', company.code);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    const invoiceFile = path.resolve(t.config.templatesDir, 'invoice.odt');
    expect(lines[0]).toBe(`invoice     files  ${sha256(fs.readFileSync(invoiceFile))}  ${path.join(t.config.templatesDir, 'invoice.odt')}`);
    expect(lines[1]).toMatch(/^creditNote {2}files {2}[0-9a-f]{64} {2}.*credit-note\.odt$/);
    expect(lines[2]).toMatch(/^debitNote {3}files {2}[0-9a-f]{64} {2}.*debit-note\.odt$/);
  });

  it(
    'publishes a checked letterhead with its logo: `current` names it, the next invoice is issued with it, the one before keeps its own',
    async () => {
      const before = await issue('lh-before');
      const beforeVersions = await versionsOf('invoices', before);
      expect(beforeVersions.template).toBe(sha256(fs.readFileSync(DEFAULT_TEMPLATE)));

      const run = await template('publish', '--company', company.code, '--document', 'invoice', '--file', first, '--logo', logo);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      const firstSha = sha256(fs.readFileSync(first));
      const logoSha = sha256(fs.readFileSync(logo));
      expect(lastLine(run.stdout)).toMatch(
        new RegExp(`^${company.code} invoice: published ${firstSha} \\(logo ${logoSha}\\) at ${ISO} by ${ACTOR}$`),
      );

      const current = await template('current', '--company', company.code);
      expect(current.stdout.trim().split('\n')[0]).toMatch(new RegExp(`^invoice {5}${firstSha} {2}${ISO} {2}${ACTOR}$`));
      const json = JSON.parse((await template('current', '--company', company.code, '--json')).stdout);
      expect(json[0]).toMatchObject({
        document: 'invoice',
        source: 'published',
        sha256: firstSha,
        logoSha256: logoSha,
        action: 'published',
      });
      expect(json[1]).toMatchObject({ document: 'creditNote', source: 'files', action: null, publishedBy: null });

      const after = await issue('lh-after');
      expect(await versionsOf('invoices', after)).toMatchObject({ template: firstSha, logo: logoSha });
      expect(await versionsOf('invoices', before)).toEqual(beforeVersions);
    },
    LIBREOFFICE_TEST_MS,
  );

  it(
    'publishing without --logo keeps the logo printed now; --no-logo publishes none',
    async () => {
      const logoSha = sha256(fs.readFileSync(logo));
      expect(await template('publish', '--company', company.code, '--document', 'invoice', '--file', second)).toMatchObject({ code: 0 });
      expect(await versionsOf('invoices', await issue('lh-kept-logo'))).toMatchObject({
        template: sha256(fs.readFileSync(second)),
        logo: logoSha,
      });
      const run = await template('publish', '--company', company.code, '--document', 'invoice', '--file', second, '--no-logo');
      expect(lastLine(run.stdout)).toContain('(no logo)');
      expect(await versionsOf('invoices', await issue('lh-no-logo'))).toMatchObject({ logo: null });
    },
    LIBREOFFICE_TEST_MS,
  );

  it(
    'rollback adds a row that makes the letterhead published before current again, back to the first; then LETTERHEAD_NO_PREVIOUS',
    async () => {
      const firstSha = sha256(fs.readFileSync(first));
      const secondSha = sha256(fs.readFileSync(second));
      const rows = await publications();
      expect(rows.map((r) => r.action)).toEqual(['published', 'published', 'published']);

      // Third (second.odt, no logo) -> second (second.odt, kept logo) -> first (first.odt, logo).
      const back = await template('rollback', '--company', company.code, '--document', 'invoice');
      expect(back).toMatchObject({ code: 0, stderr: '' });
      expect(back.stdout.trim()).toMatch(
        new RegExp(`^${company.code} invoice: rolled back to ${secondSha} \\(logo [0-9a-f]{64}\\) at ${ISO} by ${ACTOR}$`),
      );
      expect(await template('rollback', '--company', company.code, '--document', 'invoice')).toMatchObject({ code: 0 });
      expect(await versionsOf('invoices', await issue('lh-rolled-back'))).toMatchObject({ template: firstSha });

      const refused = await template('rollback', '--company', company.code, '--document', 'invoice');
      expect(refused).toMatchObject({
        code: 1,
        stdout: '',
        stderr: `error: company ${company.code} has no invoice letterhead published before the current one to roll back to\n`,
      });
      const never = await template('rollback', '--company', company.code, '--document', 'debitNote');
      expect(never.stderr).toBe(`error: company ${company.code} has published no debit note letterhead: there is nothing to roll back\n`);

      // Nothing was deleted or changed: the history holds every publish and rollback, by whom.
      const after = await publications();
      expect(after.slice(0, 3)).toEqual(rows);
      expect(after.map((r) => r.action)).toEqual(['published', 'published', 'published', 'rolled-back', 'rolled-back']);
      expect(new Set(after.map((r) => r.published_by))).toEqual(new Set([ACTOR]));

      // Each publish and rollback wrote its activity row, in its own transaction.
      const trail = await t.orm.em
        .fork()
        .getConnection()
        .execute<Array<{ action: string; actor: string; target: string; details: string | Record<string, unknown> }>>(
          "select action, actor, target, details from activity where company_id = ? and action like 'letterhead-%' order by id",
          [company.companyId],
        );
      expect(trail.map((r) => [r.action, r.actor, r.target])).toEqual([
        ...Array(3).fill(['letterhead-published', ACTOR, 'invoice letterhead']),
        ...Array(2).fill(['letterhead-rolled-back', ACTOR, 'invoice letterhead']),
      ]);
      const details = (r: (typeof trail)[number]) => (typeof r.details === 'string' ? JSON.parse(r.details) : r.details);
      expect(trail.map((r) => details(r).publicationId)).toEqual(after.map((r) => r.id));
      expect(details(trail[4])).toMatchObject({ document: 'invoice', sha256: firstSha });
    },
    LIBREOFFICE_TEST_MS,
  );

  it(
    '`template check` without --file checks the published letterhead',
    async () => {
      const run = await template('check', '--company', company.code, '--document', 'invoice');
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(lastLine(run.stdout)).toBe(`template OK: the published invoice letterhead of ${company.code}`);
    },
    LIBREOFFICE_TEST_MS,
  );

  it(
    'a credit note issued after its letterhead is published prints with it',
    async () => {
      const credit = path.join(dir, 'credit.odt');
      const pkg = fs.readFileSync(path.resolve(t.config.templatesDir, 'credit-note.odt'));
      fs.writeFileSync(credit, pkg);
      // A copy of the default credit note: content-addressed, it is the same version as the files'.
      const run = await template('publish', '--company', company.code, '--document', 'creditNote', '--file', credit, '--no-logo');
      expect(run).toMatchObject({ code: 0, stderr: '' });
      const invoiceId = await issue('lh-credited');
      const note = await runAdmin(t.config.databaseUrl, [
        'note',
        'credit',
        '--company',
        company.code,
        '--invoice-id',
        String(invoiceId),
        '--reason',
        'Devolución',
        '--full',
        '--json',
      ]);
      expect(note).toMatchObject({ code: 0, stderr: '' });
      const { id } = JSON.parse(note.stdout) as { id: number };
      const [publication] = (await publications()).filter((p) => p.document_type === 'creditNote');
      const [row] = await t.orm.em
        .fork()
        .getConnection()
        .execute<Array<{ template_version_id: number }>>('select template_version_id from letterhead_publications where id = ?', [
          publication.id,
        ]);
      expect(await versionsOf('notes', id)).toMatchObject({ templateVersionId: row.template_version_id, logo: null });
    },
    LIBREOFFICE_TEST_MS,
  );

  describe('a broken candidate is refused with its reason on one line, and nothing changes', () => {
    const cases: Array<[string, () => Promise<string[]>, RegExp]> = [
      [
        'a required field missing',
        async () => {
          const file = path.join(dir, 'no-cai.odt');
          await writeEditedTemplate(file, (xml) => xml.replace('{d.cai}', ''));
          return ['--file', file];
        },
        /^error: template .*no-cai\.odt is broken: missing required field\(s\) \{d\.cai\}; nothing was published\n$/,
      ],
      [
        'a misspelt field',
        async () => {
          const file = path.join(dir, 'typo.odt');
          await writeEditedTemplate(file, withBanner('{d.clinet.name}'));
          return ['--file', file];
        },
        /^error: template .*typo\.odt is broken: unknown field\(s\) \{d\.clinet\.name\}, which print nothing \(a typo\?\); nothing was published\n$/,
      ],
      [
        'a file that is not an ODT',
        async () => {
          const file = path.join(dir, 'letter.odt');
          fs.writeFileSync(file, 'Estimado cliente: esto no es una plantilla.');
          return ['--file', file];
        },
        /^error: template .*letter\.odt is broken: .*letter\.odt is not an ODT file \(not a zip package; save it as "ODF Text Document \(\.odt\)"\); nothing was published\n$/,
      ],
      [
        'a logo that is not a PNG',
        async () => {
          const file = path.join(dir, 'logo.jpg');
          fs.writeFileSync(file, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]));
          return ['--file', first, '--logo', file];
        },
        /^error: template .*first\.odt is broken: .*logo\.jpg is not a PNG image; nothing was published\n$/,
      ],
    ];

    it.each(cases)(
      '%s',
      async (_, candidate, message) => {
        const args = await candidate();
        const before = await tableChecksums(t.orm);
        const run = await template('publish', '--company', company.code, '--document', 'invoice', ...args);
        expect(run.code).toBe(1);
        expect(run.stdout).toBe('');
        expect(run.stderr).toMatch(message);
        expect(await tableChecksums(t.orm)).toBe(before);
      },
      LIBREOFFICE_TEST_MS,
    );

    it('without LibreOffice no sample can be printed, so nothing is published (PDF_RENDER_FAILED)', async () => {
      const before = await tableChecksums(t.orm);
      process.env.SOFFICE_PATH = '/nonexistent/libreoffice/program/soffice';
      let run;
      try {
        run = await runAdminFailure(t.config.databaseUrl, [
          'template',
          'publish',
          '--company',
          company.code,
          '--document',
          'invoice',
          '--file',
          first,
        ]);
      } finally {
        delete process.env.SOFFICE_PATH;
      }
      expect(run.error).toMatchObject({ code: 'PDF_RENDER_FAILED', status: 503 });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error: no sample invoice could be rendered to check .*first\.odt \(.*\); nothing was published\n$/);
      expect(await tableChecksums(t.orm)).toBe(before);
    });

    it('a file that cannot be read is FILE_NOT_ACCESSIBLE, before anything is checked', async () => {
      const before = await tableChecksums(t.orm);
      const run = await template('publish', '--company', company.code, '--document', 'invoice', '--file', path.join(dir, 'missing.odt'));
      expect(run).toMatchObject({ code: 1, stderr: `error: cannot read template ${path.join(dir, 'missing.odt')}: no such file\n` });
      expect(await tableChecksums(t.orm)).toBe(before);
    });
  });
});
