import { Client, Invoice, InvoiceTax } from '../../src/entities';
import { runAdminProcess } from '../support/admin-process';
import { runAdmin } from '../support/run-admin';
import { clientData, productData, sellingCompany } from '../support/factories';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The audit runs in-process (a process costs about a second of CPU); its pass and its first
 * finding run as real processes, for the exit code a script reads and the binary's stderr.
 */
describe('admin audit', () => {
  let t: TestApp;
  let code: string;
  const ids: number[] = [];
  const audit = (company = code) => runAdmin(t.config.databaseUrl, ['audit', '--company', company]);
  const auditProcess = async () => {
    const run = await runAdminProcess(t.config.databaseUrl, ['audit', '--company', code]);
    return { ...run, stdout: run.stdout.toString('utf8') };
  };
  const sql = (statement: string, params: unknown[]) => t.orm.em.fork().getConnection().execute(statement, params);

  beforeAll(async () => {
    t = await createTestApp();
    // One product per pricing rule the audit recomputes: ISV 15 % and 18 %, a discount, exempt,
    // exempt per unit, a USD price, and an exonerated client.
    const company = await setUpCompany(
      t,
      sellingCompany({
        company: { exchangeRate: 24.6512 },
        products: [
          productData({ code: 'ARROZ', price: 100, isvRate: 15 }),
          productData({ code: 'CERVEZA', price: 35.5, isvRate: 18, discountPolicy: 'PROMO10' }),
          productData({ code: 'LECHE', price: 28, exempt: true }),
          productData({ code: 'COMBO', price: 250, isvRate: 15, exemptPerUnit: 30 }),
          productData({ code: 'IMPORT', price: 10, currency: 'USD', isvRate: 15 }),
        ],
        discountPolicies: [{ code: 'PROMO10', percent: 10, active: true }],
        clients: [clientData({ code: 'CLI-ONG', exoneration: { certificate: 'EXO-2026-0001', validUntil: '2099-06-30' } })],
      }),
    );
    code = company.code;
    const ong = await t.orm.em.fork().findOneOrFail(Client, { code: 'CLI-ONG', company: { code } });
    const sales = [
      {
        items: [
          { externalProductId: 'SKU-ARROZ', quantity: 2 },
          { externalProductId: 'SKU-CERVEZA', quantity: 3 },
        ],
      },
      { items: [{ externalProductId: 'SKU-LECHE', quantity: 4 }] },
      { clientId: ong.id, items: [{ externalProductId: 'SKU-ARROZ', quantity: 1 }] },
      {
        items: [
          { externalProductId: 'SKU-COMBO', quantity: 3 },
          { externalProductId: 'SKU-IMPORT', quantity: 2 },
        ],
      },
      { items: [{ externalProductId: 'SKU-CERVEZA', quantity: 7, price: 12.3456 }] },
    ];
    for (const [i, body] of sales.entries()) {
      const res = await t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', `a-${i}`).send(body);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    expect(
      (
        await runAdmin(t.config.databaseUrl, [
          'invoice',
          'annul',
          '--reason',
          'error de emisión',
          '--company',
          code,
          '--id',
          String(ids[1]),
        ])
      ).code,
    ).toBe(0);
  }, 60_000);
  afterAll(() => t.close());

  it('passes on the record as issued', async () => {
    const run = await auditProcess();
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe('audit OK: 5 invoices in 1 ranges\n');
  });

  it('names the invoice whose number was moved out of sequence, and passes again once it is restored', async () => {
    await sql('update invoices set invoice_number = 9 where id = ?', [ids[2]]);
    const run = await auditProcess();
    expect(run.code).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        `invoice ${ids[2]} (000-001-01-00000003): its printed number does not match its number 9 (expected 000-001-01-00000009)`,
        expect.stringMatching(
          new RegExp(`^invoice ${ids[2]} \\(000-001-01-00000003\\): number 9 was never handed out by CAI .* next 6\\)$`),
        ),
        expect.stringMatching(/number 000-001-01-00000003 is missing/),
      ]),
    );
    expect(lines).toHaveLength(3);
    expect(run.stderr).toBe(`error: audit found 3 discrepancies in 5 invoices of ${code}\n`);

    await sql('update invoices set invoice_number = 3 where id = ?', [ids[2]]);
    expect((await audit()).code).toBe(0);
  });

  it('names the invoice whose stored total or tax was changed, and passes again once it is restored', async () => {
    const em = t.orm.em.fork();
    const invoice = await em.findOneOrFail(Invoice, ids[0]);
    const { total } = invoice;
    await sql('update invoices set total = total + 1 where id = ?', [ids[0]]);
    let run = await audit();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `invoice ${ids[0]} (000-001-01-00000001): stored total ${(Number(total) + 1).toFixed(2)}, the totals engine gives ${total}`,
    );
    await sql('update invoices set total = ? where id = ?', [total, ids[0]]);

    const tax = await em.findOneOrFail(InvoiceTax, { invoice: ids[3] });
    await sql('update invoice_taxes set tax_amount = tax_amount + 0.01 where id = ?', [tax.id]);
    run = await audit();
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`^invoice ${ids[3]} \\(000-001-01-00000004\\): stored ISV 15% base`, 'm'));
    await sql('update invoice_taxes set tax_amount = ? where id = ?', [tax.taxAmount, tax.id]);

    await sql('update invoice_lines set importe = importe + 1 where invoice_id = ? and line_number = 1', [ids[4]]);
    run = await audit();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`invoice ${ids[4]} (000-001-01-00000005): stored line 1 importe`);
    await sql('update invoice_lines set importe = importe - 1 where invoice_id = ? and line_number = 1', [ids[4]]);

    expect((await audit()).stdout).toBe('audit OK: 5 invoices in 1 ranges\n');
  });

  it('refuses an unknown company with one line on stderr', async () => {
    expect(await audit('NOPE')).toMatchObject({ code: 1, stderr: 'error: unknown company NOPE\n' });
  });
});
