import type { CaiRangeSpec } from '../../src/services/company/setup/setup-document';
import { issueApiKey, uniqueCode } from '../support/factories';
import { CART, caiOf, issueSale, setupWithRanges } from '../support/issuing-fixtures';
import { noteCommand } from '../support/note-commands';
import { runAdmin } from '../support/run-admin';
import { applySetup } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';
import { createTestApp, TestApp } from '../support/test-app';

const FAR = '2099-12-31';
const invoiceRange: CaiRangeSpec = { cai: caiOf('a'), rangeStart: 1, rangeEnd: 1000, deadline: FAR };
const creditRange: CaiRangeSpec = { cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'creditNote' };
const debitRange: CaiRangeSpec = { cai: caiOf('c'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'debitNote' };

type NoteJson = Record<string, unknown> & { id: number; total: number; lines: Array<Record<string, unknown>> };

/**
 * Credit and debit notes through the operator CLI: what each prints, what it stores, and every
 * refusal as one line on stderr with nothing written. CART: 2 x rice 100.00 (15 %) and 3 x beer
 * 35.50 less 10 % (18 %): 200.00 + 30.00 ISV, 95.85 + 17.25 ISV, total 343.10.
 */
describe('credit and debit notes (CLI)', () => {
  let t: TestApp;
  let keys = 0;
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);
  const code = uniqueCode('N');
  let auth: { Authorization: string };

  async function invoice(): Promise<{ id: number; fiscalNumber: string }> {
    return issueSale(t.http, auth, `inv-${++keys}`, CART);
  }

  async function note(...args: string[]): Promise<NoteJson> {
    const run = await admin('note', ...args, '--json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    return JSON.parse(run.stdout) as NoteJson;
  }

  /** A refused command: one line on stderr, nothing on stdout, exit 1, no table changed. */
  async function refused(args: string[], message: string | RegExp): Promise<void> {
    const before = await tableChecksums(t.orm);
    const run = await admin(...args);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: [^\n]+\n$/);
    if (typeof message === 'string') expect(run.stderr).toBe(`error: ${message}\n`);
    else expect(run.stderr).toMatch(message);
    expect(await tableChecksums(t.orm)).toBe(before);
  }

  beforeAll(async () => {
    t = await createTestApp();
    await applySetup(t, setupWithRanges([invoiceRange, creditRange, debitRange], code));
    ({ auth } = await issueApiKey(t.orm, t.container, code));
  }, 60_000);
  afterAll(() => t.close());

  it('a partial return prints the line, and returns what it says', async () => {
    const inv = await invoice();
    const run = await admin(...noteCommand('credit', code, inv.id, 'Devolución de 1 saco', '--return', '1:1'));
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(
      new RegExp(`^issued credit note 000-001-06-00000001 \\(id \\d+\\) for invoice ${inv.fiscalNumber}: total L 115\\.00\\n$`),
    );
    const id = Number(/\(id (\d+)\)/.exec(run.stdout)![1]);
    const shown = JSON.parse((await admin('note', 'show', '--company', code, '--id', String(id), '--json')).stdout) as NoteJson;
    expect(shown).toMatchObject({
      id,
      type: 'creditNote',
      number: '000-001-06-00000001',
      invoiceId: inv.id,
      invoiceNumber: inv.fiscalNumber,
      cai: caiOf('b'),
      reason: 'Devolución de 1 saco',
      isAnnulled: false,
      importe: 100,
      discountTotal: 0,
      exemptedAmount: 0,
      exoneratedAmount: 0,
      taxBreakdown: [{ rate: 15, taxedAmount: 100, taxAmount: 15 }],
      totalTaxes: 15,
      total: 115,
      totalInLetters: 'CIENTO QUINCE LEMPIRAS CON 00/100',
    });
    expect(shown.lines).toEqual([expect.objectContaining({ invoiceLine: 1, code: 'P-ARROZ', quantity: 1, unitPrice: 100, importe: 100 })]);
  });

  it('returns, discounts and a final --full add up to the invoice to the cent; debit notes are apart', async () => {
    const inv = await invoice();
    const common = ['--company', code, '--invoice-id', String(inv.id)];
    const a = await note('credit', ...common, '--reason', 'Devolución', '--return', '2:1');
    expect(a.total).toBe(37.7); // 35.50 - 3.55 = 31.95, ISV round2(31.95 x 0.18) = 5.75
    const b = await note('credit', ...common, '--reason', 'Descuento por pronto pago', '--discount', '20', '--rate', '15');
    expect(b).toMatchObject({
      total: 23,
      lines: [expect.objectContaining({ description: 'Descuento posterior a la venta', invoiceLine: null })],
    });
    const d = await note(
      'debit',
      ...common,
      '--reason',
      'Flete',
      '--description',
      'Flete a domicilio',
      '--amount',
      '50',
      '--rate',
      '15',
      '--quantity',
      '2',
    );
    expect(d).toMatchObject({ type: 'debitNote', number: '000-001-07-00000001', importe: 100, totalTaxes: 15, total: 115 });
    const full = await note('credit', ...common, '--reason', 'Reversión de la venta', '--full');
    expect(full.lines.map((l) => [l.invoiceLine, l.description, l.importe])).toEqual([
      [1, expect.any(String), 200],
      [2, expect.any(String), 71],
      [null, 'Menos descuentos acreditados', -20],
    ]);
    expect(Math.round((a.total + b.total + full.total) * 100)).toBe(34310);
    await refused(['note', 'credit', ...common, '--reason', 'otra', '--full'], 'nothing is left to credit: every line is returned in full');
    const list = JSON.parse(
      (await admin('note', 'list', '--company', code, '--invoice-id', String(inv.id), '--json')).stdout,
    ) as NoteJson[];
    expect(list.map((n) => n.id)).toEqual([a.id, b.id, d.id, full.id]);
  });

  it('the same key with the same arguments answers the note issued; with others it is refused', async () => {
    const inv = await invoice();
    const args = [
      'credit',
      '--company',
      code,
      '--invoice-id',
      String(inv.id),
      '--reason',
      'Devolución',
      '--return',
      '1:0.5',
      '--key',
      'dev-1',
    ];
    const first = await note(...args);
    const again = await note(...args);
    expect(again.id).toBe(first.id);
    await refused(
      noteCommand('credit', code, inv.id, 'Devolución', '--return', '1:1', '--key', 'dev-1'),
      'key "dev-1" was used for a note with other arguments; use a new key for a different note',
    );
  });

  it('compares keys byte for byte: a key that differs only in case, or by a trailing space, issues another note', async () => {
    const inv = await invoice();
    const credit = async (key: string) => {
      const run = await admin(...noteCommand('credit', code, inv.id, 'Devolución', '--return', '1:0.5', '--key', key, '--json'));
      expect(run).toMatchObject({ code: 0, stderr: '' });
      return JSON.parse(run.stdout) as NoteJson;
    };
    const lower = await credit('dev-x7Kq');
    const upper = await credit('DEV-X7KQ');
    const spaced = await credit('dev-x7Kq ');
    expect(new Set([lower.id, upper.id, spaced.id]).size).toBe(3);
    expect((await credit('DEV-X7KQ')).id).toBe(upper.id);
  });

  it('an annulled note no longer counts; an invoice with live notes cannot be annulled', async () => {
    const inv = await invoice();
    const common = ['--company', code, '--invoice-id', String(inv.id)];
    const all = await note('credit', ...common, '--reason', 'Devolución total', '--return', '1:2');
    await refused(['note', 'credit', ...common, '--reason', 'x', '--return', '1:1'], 'line 1: 0 left');
    await refused(
      ['invoice', 'annul', '--company', code, '--id', String(inv.id), '--reason', 'error'],
      new RegExp(`^error: invoice ${inv.id} \\(${inv.fiscalNumber}\\) has 1 live note\\(s\\)`),
    );
    const annul = await admin('note', 'annul', '--company', code, '--id', String(all.id), '--reason', 'Emitida con error');
    expect(annul).toMatchObject({
      code: 0,
      stdout: `annulled credit note ${all.id} (000-001-06-${String(all.number).slice(-8)}) of ${code}\n`,
    });
    const again = await note('credit', ...common, '--reason', 'Devolución', '--return', '1:1');
    expect(again.total).toBe(115);
    const shown = JSON.parse((await admin('note', 'show', '--company', code, '--id', String(all.id), '--json')).stdout) as NoteJson;
    expect(shown).toMatchObject({ isAnnulled: true, annulReason: 'Emitida con error' });
  });

  describe('refusals: one line, exit 1, nothing written, no number consumed', () => {
    let inv: { id: number; fiscalNumber: string };
    beforeAll(async () => {
      inv = await invoice();
    });
    const credit = (...more: string[]) => noteCommand('credit', code, inv.id, 'Devolución', ...more);

    it('over a limit names what is left', async () => {
      await refused(credit('--return', '1:3'), 'line 1: 2 left');
      await refused(credit('--discount', '200.01', '--rate', '15'), 'rate 15%: 200.00 left');
      await refused(credit('--discount', '1', '--rate', 'exempt'), 'exempt: 0.00 left');
    });

    it('bad options', async () => {
      await refused(credit(), 'give exactly one of --return, --discount (with --rate) or --full');
      await refused(credit('--full', '--return', '1:1'), 'give exactly one of --return, --discount (with --rate) or --full');
      await refused(credit('--discount', '10'), '--discount needs --rate (15, 18 or exempt)');
      await refused(credit('--discount', '0', '--rate', '15'), '--discount must be greater than 0, got "0"');
      await refused(credit('--discount', '1.001', '--rate', '15'), '--discount must have at most 2 decimals, got "1.001"');
      await refused(credit('--discount', 'abc', '--rate', '15'), '--discount must be a number, got "abc"');
      await refused(credit('--discount', '1000000000', '--rate', '15'), '--discount must be at most 999999999.99, got "1000000000"');
      await refused(credit('--discount', '10', '--rate', '12'), '--rate must be one of 15, 18, exempt, got "12"');
      await refused(credit('--return', '1:0.00001'), '--return quantity of line 1 must have at most 4 decimals, got "0.00001"');
      await refused(credit('--return', 'x'), /^error: --return must be LINE:QTY/);
      await refused(credit('--return', '7:1'), 'the invoice has no line 7 (it has 2)');
      await refused(noteCommand('credit', code, inv.id, '   ', '--full'), '--reason must be 1 to 255 characters after trimming, got 0');
      await refused(
        noteCommand('credit', code, inv.id, 'x'.repeat(256), '--full'),
        '--reason must be 1 to 255 characters after trimming, got 256',
      );
      await refused(
        noteCommand('debit', code, inv.id, 'x', '--description', 'Flete', '--amount', '1', '--rate', '15', '--quantity', '1000001'),
        '--quantity must be at most 1000000, got "1000001"',
      );
      await refused(credit('--full', '--emission-point', '1-1'), '--emission-point must be EEE-PPP (e.g. 000-002), got "1-1"');
    });

    it('the remaining refusals of the note commands: each one line, exit 1, nothing written', async () => {
      const debit = (...more: string[]) => noteCommand('debit', code, inv.id, 'Cargo', ...more);
      await refused(credit('--return', '1:1,1:1'), 'line 1 is returned twice in one note; give it once with the whole quantity');
      await refused(credit('--return', '1:0'), '--return quantity of line 1 must be greater than 0, got "0"');
      await refused(credit('--return', '1:1', '--rate', '15'), '--rate goes with --discount only');
      await refused(credit('--full', '--key', 'k'.repeat(256)), '--key must be 1 to 255 characters, got 256');
      await refused(
        debit('--description', '  ', '--amount', '1', '--rate', '15'),
        '--description must be 1 to 255 characters after trimming, got 0',
      );
      await refused(debit('--description', 'Flete', '--amount', '0', '--rate', '15'), '--amount must be greater than 0, got "0"');
      await refused(debit('--description', 'Flete', '--amount', '1', '--rate', '7'), '--rate must be one of 15, 18, exempt, got "7"');
      await refused(
        debit('--description', 'Flete', '--amount', '1', '--rate', '15', '--quantity', '0'),
        '--quantity must be greater than 0, got "0"',
      );
      await refused(['note', 'annul', '--company', code, '--id', '999999', '--reason', 'x'], `company ${code} has no note with id 999999`);
      await refused(
        ['note', 'pdf', '--company', code, '--id', '999999', '--out', '/tmp/never.pdf'],
        `company ${code} has no note with id 999999`,
      );
    });

    it('unknown company, invoice, emission point or note', async () => {
      await refused(noteCommand('credit', 'NO-SUCH', inv.id, 'x', '--full'), 'unknown company NO-SUCH');
      await refused(noteCommand('credit', code, 999999, 'x', '--full'), `company ${code} has no invoice with id 999999`);
      await refused(credit('--full', '--emission-point', '000-009'), `company ${code} has no live emission point 000-009`);
      await refused(['note', 'show', '--company', code, '--id', '999999'], `company ${code} has no note with id 999999`);
    });

    it('an annulled invoice', async () => {
      const other = await invoice();
      expect((await admin('invoice', 'annul', '--company', code, '--id', String(other.id), '--reason', 'RTN equivocado')).code).toBe(0);
      await refused(
        noteCommand('credit', code, other.id, 'x', '--full'),
        `invoice ${other.id} (${other.fiscalNumber}) is annulled: a note can only modify a valid invoice`,
      );
    });
  });

  it('--emission-point issues the note at another live emission point, from its own range', async () => {
    const two = uniqueCode('E');
    const doc = setupWithRanges(
      [
        { ...invoiceRange, cai: caiOf('a', two) },
        { ...creditRange, cai: caiOf('b', two) },
      ],
      two,
    );
    doc.establishments![0].emissionPoints!.push({ code: '002', caiRanges: [{ ...creditRange, cai: caiOf('d') }] });
    await applySetup(t, doc);
    const { auth: twoAuth } = await issueApiKey(t.orm, t.container, two);
    const res = await t.http.post('/v1/invoices').set(twoAuth).set('Idempotency-Key', 'e-1').send(CART);
    expect(res.status).toBe(201);
    const run = await admin(
      ...noteCommand(
        'credit',
        two,
        res.body.id as number,
        'Devolución en caja 2',
        '--return',
        '2:1',
        '--emission-point',
        '000-002',
        '--json',
      ),
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toMatchObject({ number: '000-002-06-00000001', cai: caiOf('d'), invoiceNumber: res.body.fiscalNumber });
  });

  it('audit checks note numbers, recomputes every note and checks the limits', async () => {
    const ok = await admin('audit', '--company', code);
    expect(ok).toMatchObject({ code: 0, stderr: '' });
    expect(ok.stdout).toMatch(/^audit OK: \d+ invoices and \d+ notes in 3 ranges\n$/);
    const inv = await invoice();
    const n = await note('credit', '--company', code, '--invoice-id', String(inv.id), '--reason', 'Devolución', '--return', '1:2');
    const db = t.orm.em.fork().getConnection();
    await db.execute('update note_lines set quantity = 3 where note_id = ?', [n.id]);
    await db.execute('update notes set total = total + 1 where id = ?', [n.id]);
    const run = await admin('audit', '--company', code);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`credit note ${n.id} (${String(n.number)}): stored total 231.00, its lines give 230.00`);
    expect(run.stdout).toContain(`invoice ${inv.id} (${inv.fiscalNumber}): its credit notes return 3 of line 1, more than its 2`);
    await db.execute('update note_lines set quantity = 2 where note_id = ?', [n.id]);
    await db.execute('update notes set total = total - 1 where id = ?', [n.id]);
  });

  it("no usable range of the note's type at the emission point is refused naming both", async () => {
    const bare = uniqueCode('B');
    await applySetup(t, setupWithRanges([{ ...invoiceRange, cai: caiOf('a', bare) }], bare));
    const { auth: bareAuth } = await issueApiKey(t.orm, t.container, bare);
    const res = await t.http.post('/v1/invoices').set(bareAuth).set('Idempotency-Key', 'b-1').send(CART);
    expect(res.status).toBe(201);
    await refused(
      noteCommand('debit', bare, res.body.id as number, 'x', '--description', 'Flete', '--amount', '1', '--rate', 'exempt'),
      'emission point 000-001 has no usable CAI range for debit notes (no range with numbers left)',
    );
  });
});
