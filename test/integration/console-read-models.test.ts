import Big from 'big.js';
import type { Actor } from '../../src/domain/actor';
import { addDays } from '../../src/domain/calendar-date';
import { CaiRange, Client, Invoice } from '../../src/entities';
import { CompanyOverview } from '../../src/services/company';
import { InvoiceSearch, InvoiceAnnulmentService, NoteAnnulmentService, NoteIssuer } from '../../src/services/sales';
import { clientData, inContext, sellingCompany, uniqueCode } from '../support/factories';
import { caiOf } from '../support/issuing-fixtures';
import { ReadyCompany, setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

const FAR = '2099-12-31';
/** Who the setup's notes and annulments are recorded under in the activity trail. */
const ACTOR: Actor = { kind: 'cli', osUser: 'test' };
const DAY_MS = 86_400_000;
/** "Now" for the overview: 06:00 on 16 March 2026 in Honduras. */
const NOW = new Date('2026-03-16T12:00:00.000Z');

/**
 * The console's read models on a small company whose invoices the test dates itself: 55 invoices
 * of 230.00 (2 units of a product at 100.00, ISV 15 %), numbered 1-12
 * in range A and 101-143 in range C of 000-001, one a day up to 15 March 2026 at 11:00 Honduras
 * time, except the 40th and 41st, put on either side of midnight between 28 February and
 * 1 March in Honduras.
 */
describe('console read models: invoice search and company overview', () => {
  let t: TestApp;
  let company: ReadyCompany;
  let other: ReadyCompany;
  let search: InvoiceSearch;
  const invoices: Array<{ id: number; number: number; fiscalNumber: string; date: Date }> = [];
  let keys = 0;
  let clientIds: Record<string, number>;

  const CLIENTS = [
    clientData({ code: 'LOPEZ', clientName: 'Ferretería López S. de R.L.', legalId: '08011990000011' }),
    clientData({ code: 'MARIA', clientName: 'Inversiones María López', legalId: '08011990000022' }),
    clientData({ code: 'CIEN', clientName: 'Comercial 100% Hondureño', legalId: '08011990000033' }),
    clientData({ code: 'MIL', clientName: 'Distribuidora 1000 Honduras', legalId: '08011990000044' }),
  ];
  /** Who buys the i-th invoice (0-based): the first 40 go to the four clients in turn, then final consumers. */
  const buyerOf = (i: number): string | null => (i < 40 ? CLIENTS[i % 4].code : null);

  async function issue(c: ReadyCompany, clientId: number | null) {
    const res = await t.http
      .post('/v1/invoices')
      .set(c.auth)
      .set('Idempotency-Key', `k-${++keys}`)
      .send({ clientId, items: [{ externalProductId: 'SKU-P-1', quantity: 2 }] });
    expect(res.status).toBe(201);
    return res.body as { id: number; fiscalNumber: string };
  }

  const run = <T>(fn: () => Promise<T>) => inContext(t.orm, fn);

  beforeAll(async () => {
    t = await createTestApp();
    search = t.container.get(InvoiceSearch);
    company = await setUpCompany(
      t,
      sellingCompany({
        code: uniqueCode('S'),
        clients: CLIENTS,
        emissionPoints: [
          {
            code: '001',
            caiRanges: [
              { cai: caiOf('a'), rangeStart: 1, rangeEnd: 12, deadline: FAR },
              { cai: caiOf('c'), rangeStart: 101, rangeEnd: 1000, deadline: FAR },
              { cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'creditNote' },
              { cai: caiOf('d'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'debitNote' },
            ],
          },
        ],
      }),
    );
    const em = t.orm.em.fork();
    clientIds = Object.fromEntries((await em.find(Client, { company: company.companyId })).map((c) => [c.code, c.id]));
    for (let i = 0; i < 55; i++) {
      const buyer = buyerOf(i);
      const issued = await issue(company, buyer === null ? null : clientIds[buyer]);
      let date = new Date(Date.parse('2026-03-15T17:00:00.000Z') - (54 - i) * DAY_MS);
      if (i === 39) date = new Date('2026-03-01T05:59:59.999Z'); // 23:59:59.999 on 28 February in Honduras
      if (i === 40) date = new Date('2026-03-01T06:00:00.000Z'); // 00:00 on 1 March in Honduras
      await em.nativeUpdate(Invoice, { id: issued.id }, { invoiceDate: date });
      invoices.push({ id: issued.id, number: i < 12 ? i + 1 : 101 + (i - 12), fiscalNumber: issued.fiscalNumber, date });
    }
    // The 21st invoice: two credit notes returning 1 of its 2 units each (the second annulled) and a
    // debit note, all on 16 March; the 22nd annulled.
    const issuer = t.container.get(NoteIssuer);
    const ref = { id: company.companyId, code: company.code };
    const noteAt = new Date('2026-03-16T00:00:00.000Z');
    const credit = () =>
      run(() =>
        issuer.issue(
          ACTOR,
          ref,
          {
            type: 'creditNote',
            invoiceId: invoices[20].id,
            reason: 'Devolución',
            emissionPoint: null,
            credit: { kind: 'return', returns: [{ position: 1, quantity: new Big(1) }] },
          },
          null,
          noteAt,
        ),
      );
    await credit();
    const annulled = await credit();
    // Annulled when they were issued, within their annulment window.
    await run(() => t.container.get(NoteAnnulmentService).annul(ACTOR, ref, annulled.note.id, 'Emitida por error', noteAt));
    await run(() =>
      issuer.issue(
        ACTOR,
        ref,
        {
          type: 'debitNote',
          invoiceId: invoices[20].id,
          reason: 'Flete',
          emissionPoint: null,
          debit: { description: 'Flete', unitPrice: new Big(10), quantity: new Big(1), rate: new Big(15) },
        },
        null,
        noteAt,
      ),
    );
    await run(() => t.container.get(InvoiceAnnulmentService).annul(ACTOR, ref, invoices[21].id, 'Emitida con errores', invoices[21].date));
    // Another company with the same client RTN and invoice numbers: never in the first one's results.
    other = await setUpCompany(t, sellingCompany({ code: uniqueCode('O'), clients: [CLIENTS[0]] }));
    const otherClient = await em.findOneOrFail(Client, { company: other.companyId });
    for (let i = 0; i < 3; i++) await issue(other, otherClient.id);
  }, 300_000); // 55 invoices and their notes: minutes on a machine busy with other test files
  afterAll(() => t.close());

  const numbersOf = (page: { rows: Array<{ fiscalNumber: string }> }) => page.rows.map((r) => r.fiscalNumber);
  const printed = (n: number) => `000-001-01-${String(n).padStart(8, '0')}`;

  it('lists every invoice newest first, 50 a page, and says when there is a next page', async () => {
    const first = await search.invoiceListing.page(company.companyId, {});
    expect(first.page).toBe(1);
    expect(first.hasNext).toBe(true);
    expect(first.rows).toHaveLength(50);
    expect(numbersOf(first)[0]).toBe(printed(143));
    // 143 down to 101 (range C), then 12 down to 6 (range A).
    expect(numbersOf(first)[42]).toBe(printed(101));
    expect(numbersOf(first)[49]).toBe(printed(6));
    const second = await search.invoiceListing.page(company.companyId, { page: '2' });
    expect(second).toMatchObject({ page: 2, hasNext: false });
    expect(numbersOf(second)).toEqual([5, 4, 3, 2, 1].map(printed));
    expect(await search.invoiceListing.page(company.companyId, { page: 3 })).toEqual({ rows: [], page: 3, hasNext: false });
  });

  it('gives each row its number, Honduras date, buyer, total, ISV, state and amount credited', async () => {
    const [newest] = (await search.invoiceListing.page(company.companyId, {})).rows;
    expect(newest).toEqual({
      id: invoices[54].id,
      fiscalNumber: printed(143),
      issuedAt: new Date('2026-03-15T17:00:00.000Z'),
      date: '2026-03-15',
      clientName: null,
      clientRtn: null,
      total: '230.00',
      isv: '30.00',
      status: 'VIGENTE',
      credited: '0.00',
    });
    const [lopez] = (await search.invoiceListing.page(company.companyId, { q: printed(101 + 24) })).rows;
    expect(lopez).toMatchObject({ clientName: 'Ferretería López S. de R.L.', clientRtn: '08011990000011', date: '2026-02-25' });
  });

  it('finds a number by its printed form, or by its last digits as the sequence it is: 2 is 2, not 12 or 102', async () => {
    expect(numbersOf(await search.invoiceListing.page(company.companyId, { q: printed(12) }))).toEqual([printed(12)]);
    expect(numbersOf(await search.invoiceListing.page(company.companyId, { q: '2' }))).toEqual([printed(2)]);
    expect(numbersOf(await search.invoiceListing.page(company.companyId, { q: '102' }))).toEqual([printed(102)]);
    expect(numbersOf(await search.invoiceListing.page(company.companyId, { q: '00000012' }))).toEqual([printed(12)]);
    expect(numbersOf(await search.invoiceListing.page(company.companyId, { q: '01-00000012' }))).toEqual([printed(12)]);
    expect(numbersOf(await search.invoiceListing.page(company.companyId, { q: ' 001-01-12 ' }))).toEqual([printed(12)]);
    expect(numbersOf(await search.invoiceListing.page(company.companyId, { q: '000-002-01-00000012' }))).toEqual([]);
    expect(numbersOf(await search.invoiceListing.page(company.companyId, { q: '999' }))).toEqual([]);
    // The other company has numbers 1-3 too.
    expect(numbersOf(await search.invoiceListing.page(other.companyId, { q: '2' }))).toEqual([printed(2)]);
  });

  it("finds a client's invoices by any part of the name, in any case, taking % and _ literally", async () => {
    const lopez = await search.invoiceListing.page(company.companyId, { q: 'lópez' });
    // Ferretería López (every 4th from the 1st) and Inversiones María López (from the 2nd).
    expect(lopez.rows).toHaveLength(20);
    expect(new Set(lopez.rows.map((r) => r.clientName))).toEqual(new Set(['Ferretería López S. de R.L.', 'Inversiones María López']));
    expect(lopez.rows.map((r) => r.issuedAt.getTime())).toEqual([...lopez.rows.map((r) => r.issuedAt.getTime())].sort((a, b) => b - a));
    expect((await search.invoiceListing.page(company.companyId, { q: 'MARÍA' })).rows).toHaveLength(10);
    // Accents as the collation compares them: as the letter without one.
    expect((await search.invoiceListing.page(company.companyId, { q: 'lopez' })).rows).toHaveLength(20);
    const hundred = await search.invoiceListing.page(company.companyId, { q: '100% Hond' });
    expect(new Set(hundred.rows.map((r) => r.clientName))).toEqual(new Set(['Comercial 100% Hondureño']));
    expect((await search.invoiceListing.page(company.companyId, { q: 'Comercial_100' })).rows).toEqual([]);
    expect((await search.invoiceListing.page(company.companyId, { q: 'Nadie Conocido' })).rows).toEqual([]);
    expect((await search.invoiceListing.page(other.companyId, { q: 'López' })).rows).toHaveLength(3);
  });

  it('finds the invoices of one RTN, with or without dashes, within the company', async () => {
    const page = await search.invoiceListing.page(company.companyId, { q: '08011990000022' });
    expect(page.rows).toHaveLength(10);
    expect(new Set(page.rows.map((r) => r.clientRtn))).toEqual(new Set(['08011990000022']));
    expect((await search.invoiceListing.page(company.companyId, { q: '0801-1990-000022' })).rows).toHaveLength(10);
    expect((await search.invoiceListing.page(other.companyId, { q: '08011990000011' })).rows).toHaveLength(3);
  });

  it('keeps the dates inclusive on the Honduras calendar, to the millisecond around midnight', async () => {
    const march1 = await search.invoiceListing.page(company.companyId, { from: '2026-03-01', to: '2026-03-01' });
    expect(numbersOf(march1)).toEqual([printed(101 + 28)]);
    const feb28 = await search.invoiceListing.page(company.companyId, { from: '2026-02-28', to: '2026-02-28' });
    expect(numbersOf(feb28)).toEqual([printed(101 + 27)]);
    const fromMarch = await search.invoiceListing.page(company.companyId, { from: '2026-03-01' });
    expect(fromMarch.rows).toHaveLength(15);
    const untilFeb = await search.invoiceListing.page(company.companyId, { to: '2026-02-28', page: 1 });
    expect(untilFeb.rows).toHaveLength(40);
    // With a name: the 40th (on 28 February) is Distribuidora 1000's.
    expect(
      (await search.invoiceListing.page(company.companyId, { q: 'Distribuidora', from: '2026-02-28', to: '2026-02-28' })).rows,
    ).toHaveLength(1);
    expect((await search.invoiceListing.page(company.companyId, { q: 'Ferretería', from: '2026-02-28', to: '2026-02-28' })).rows).toEqual(
      [],
    );
  });

  it('sums only the live credit notes into the amount credited, and marks an annulled invoice ANULADA', async () => {
    const credited = invoices[20];
    const [row] = (await search.invoiceListing.page(company.companyId, { q: credited.fiscalNumber })).rows;
    expect(row).toMatchObject({ total: '230.00', credited: '115.00', status: 'VIGENTE' });

    const [voided] = (await search.invoiceListing.page(company.companyId, { q: invoices[21].fiscalNumber })).rows;
    expect(voided).toMatchObject({ status: 'ANULADA', credited: '0.00' });
  });

  it.each([
    [{ q: '1234567890' }, /q: "1234567890" is neither a printed number or its last digits \(at most 8\) nor an RTN \(14 digits\)/],
    [{ q: '000-001-06-00000001' }, /06 is not the invoices' document code \(01\)/],
    [{ q: '%%' }, /not a printed number, an RTN or part of a client's name/],
    [{ q: 'x' }, /a client's name needs at least 2 characters/],
    [{ q: 'a'.repeat(101) }, /q is longer than 100 characters/],
    [{ from: '2026-02-30' }, /from: "2026-02-30" is not a date \(YYYY-MM-DD\)/],
    [{ to: '15/03/2026' }, /to: "15\/03\/2026" is not a date/],
    [{ from: '2026-03-02', to: '2026-03-01' }, /from 2026-03-02 is after to 2026-03-01/],
    [{ page: '0' }, /page: "0" is not a page number/],
    [{ page: 'dos' }, /page: "dos" is not a page number/],
    [{ page: '2001' }, /page 2001 is past the last page a search shows \(2000\)/],
  ])('refuses %j with VALIDATION_FAILED saying what is wrong', async (input, message) => {
    await expect(search.invoiceListing.page(company.companyId, input)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      message,
    });
  });

  describe('company overview', () => {
    let lowCode: string;
    let exhaustedCode: string;

    beforeAll(async () => {
      const em = t.orm.em.fork();
      const setNext = async (companyCode: string, cai: string, nextNumber: number) => {
        const range = await em.findOneOrFail(CaiRange, { cai, emissionPoint: { establishment: { company: { code: companyCode } } } });
        await em.nativeUpdate(CaiRange, { id: range.id }, { nextNumber });
      };
      // One LOW range and nothing behind it: LOW. Integration off.
      lowCode = (
        await setUpCompany(
          t,
          sellingCompany({
            code: uniqueCode('L'),
            caiRange: { cai: caiOf('e'), rangeStart: 1, rangeEnd: 20 },
            integration: { enabled: false },
          }),
        )
      ).code;
      await setNext(lowCode, caiOf('e'), 20);
      // A LOW invoice range with a fresh one queued (fine), and an exhausted credit note range: EXHAUSTED.
      exhaustedCode = (
        await setUpCompany(
          t,
          sellingCompany({
            code: uniqueCode('X'),
            emissionPoints: [
              {
                code: '001',
                caiRanges: [
                  { cai: caiOf('f'), rangeStart: 1, rangeEnd: 20, deadline: FAR },
                  { cai: caiOf('g'), rangeStart: 21, rangeEnd: 1000, deadline: FAR },
                  { cai: caiOf('h'), rangeStart: 1, rangeEnd: 10, deadline: FAR, documentType: 'creditNote' },
                ],
              },
            ],
          }),
        )
      ).code;
      await setNext(exhaustedCode, caiOf('f'), 20);
      await setNext(exhaustedCode, caiOf('h'), 11);
    });

    it('lists the visible companies by code with integration, worst CAI state and invoices this Honduras month', async () => {
      const overview = t.container.get(CompanyOverview);
      const all = await run(() => overview.companies(null, NOW));
      const mine = all.find((c) => c.code === company.code);
      expect(mine).toEqual({
        id: company.companyId,
        code: company.code,
        name: 'Comercial de Prueba S. de R.L.',
        integrationEnabled: true,
        // Range A is EXHAUSTED but C follows it: the point still issues.
        caiState: 'OK',
        // The 41st (00:00 on 1 March) to the 55th; the 40th fell on 28 February.
        invoicesThisMonth: 15,
      });
      expect(all.find((c) => c.code === lowCode)).toMatchObject({ integrationEnabled: false, caiState: 'LOW', invoicesThisMonth: 0 });
      expect(all.find((c) => c.code === exhaustedCode)).toMatchObject({ integrationEnabled: true, caiState: 'EXHAUSTED' });
      expect(all.map((c) => c.code)).toEqual([...all.map((c) => c.code)].sort());

      const lowId = all.find((c) => c.code === lowCode)!.id;
      const visible = await run(() => overview.companies([company.companyId, lowId], NOW));
      expect(visible.map((c) => c.code)).toEqual([company.code, lowCode].sort());
      expect(await run(() => overview.companies([], NOW))).toEqual([]);
    });

    it("gives each range of every type its state, numbers left and the day it runs out at its point's 30-day pace", async () => {
      const ranges = await run(() => t.container.get(CompanyOverview).ranges({ id: company.companyId, code: company.code }, NOW));
      const byCai = Object.fromEntries(ranges.map((r) => [r.cai, r]));
      expect(ranges).toHaveLength(4);
      expect(byCai[caiOf('a')]).toEqual({
        establishment: '000',
        emissionPoint: '001',
        documentType: 'invoice',
        cai: caiOf('a'),
        firstPrinted: '000-001-01-00000001',
        lastPrinted: '000-001-01-00000012',
        state: 'EXHAUSTED',
        left: 0,
        deadline: FAR,
        daysLeft: expect.any(Number),
        runsOutOn: null,
      });
      // 30 invoices in the 30 days before NOW (the 26th to the 55th): 1 a day; 857 left (144-1000).
      expect(byCai[caiOf('c')]).toMatchObject({ state: 'OK', left: 857, runsOutOn: addDays('2026-03-16', 856) });
      // Two credit notes (one annulled: its number is used all the same): 2 in 30 days, 998 left.
      expect(byCai[caiOf('b')]).toMatchObject({ documentType: 'creditNote', left: 998, runsOutOn: addDays('2026-03-16', 14969) });
      // One debit note: 999 left at 1 in 30 days would take 29,970 days; the deadline (2099-12-31) comes first.
      expect(byCai[caiOf('d')]).toMatchObject({ documentType: 'debitNote', left: 999, runsOutOn: null });
      // A month later nothing was issued in the last 30 days: no pace, no day.
      const later = await run(() =>
        t.container.get(CompanyOverview).ranges({ id: company.companyId, code: company.code }, new Date('2026-05-01T12:00:00Z')),
      );
      expect(later.map((r) => r.runsOutOn)).toEqual([null, null, null, null]);
    });
  });
});
