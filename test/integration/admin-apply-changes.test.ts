import { newVerificationToken } from '../../src/domain/verification-token';
import {
  CaiRange,
  Client,
  Company,
  EmissionPoint,
  Establishment,
  IntegrationSettings,
  Invoice,
  OperatorUser,
  PaymentTerminal,
  PriceList,
  ProductMapping,
  ProductPrice,
} from '../../src/entities';
import type { CaiRangeSpec, SetupDocument } from '../../src/services/company/setup/setup-document';
import { companyCai, issueApiKey, uniqueCode } from '../support/factories';
import { applyDocument, applyError, exampleDocument } from '../support/setup-apply';
import { createTestApp, TestApp } from '../support/test-app';

/** Changes to an applied setup: deletion, restoring, clearing defaults, CAI range edits, RTN clashes. */
describe('admin apply over an existing setup', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const em = () => t.orm.em.fork();
  const issueKey = async (code: string) => (await issueApiKey(t.orm, t.container, code)).apiKey;
  const companyOnly = (code: string): SetupDocument => ({ company: exampleDocument(code).company });

  /** The example's only CAI range, for editing in place. */
  function rangeOf(doc: SetupDocument): CaiRangeSpec {
    const range = doc.establishments?.[0].emissionPoints?.[0].caiRanges?.[0];
    if (!range || range.deleted) throw new Error('the example has one live CAI range');
    return range;
  }

  /** Invoices with these numbers from the company's range, as issuing would leave them. */
  async function issueNumbers(code: string, numbers: number[]): Promise<void> {
    const e = em();
    const company = await e.findOneOrFail(Company, { code });
    const range = await e.findOneOrFail(CaiRange, { emissionPoint: { establishment: { company } } }, { populate: ['emissionPoint'] });
    const [creatorUser, paymentTerminal, priceList] = await Promise.all([
      e.findOneOrFail(OperatorUser, { company }),
      e.findOneOrFail(PaymentTerminal, { company }),
      e.findOneOrFail(PriceList, { company }),
    ]);
    const zero = '0.00';
    for (const n of numbers) {
      e.create(Invoice, {
        company,
        emissionPoint: range.emissionPoint,
        caiRange: range,
        cai: range.cai,
        invoiceNumber: n,
        fiscalNumber: `000-001-01-${String(n).padStart(8, '0')}`,
        invoiceDate: new Date(),
        importe: zero,
        discountTotal: zero,
        exemptedAmount: zero,
        exoneratedAmount: zero,
        totalTaxes: zero,
        total: zero,
        totalInLetters: 'CERO LEMPIRAS CON 00/100',
        creatorUser,
        paymentTerminal,
        priceList,
        issuerName: company.name,
        issuerRtn: company.rtn,
        caiRangeStart: range.rangeStart,
        caiRangeEnd: range.rangeEnd,
        caiDeadline: range.deadline,
        verificationToken: newVerificationToken(),
        verificationBaseUrl: 'http://localhost:3000',
      });
    }
    range.nextNumber = Math.max(...numbers) + 1;
    await e.flush();
  }

  it('soft-deletes the entries marked deleted: true, and restores them when listed again', async () => {
    const code = uniqueCode('D');
    await applyDocument(t, exampleDocument(code));
    const doc = exampleDocument(code);
    doc.paymentTerminals = [{ code: 'CAJA1', deleted: true }];
    doc.priceLists = [{ code: 'GENERAL', prices: [{ product: 'P-ARROZ', deleted: true }] }];
    doc.productMappings = [{ externalProductId: 'SKU-2', product: 'P-CERVEZA', deleted: true }];
    doc.integration = { paymentTerminal: null };

    expect(await applyDocument(t, doc)).toMatchObject({ created: 0, updated: 1, deleted: 3 });
    const e = em();
    const company = await e.findOneOrFail(Company, { code });
    expect((await e.findOneOrFail(PaymentTerminal, { company, code: 'CAJA1' })).deletedAt).toBeInstanceOf(Date);
    expect((await e.findOneOrFail(ProductPrice, { priceList: { company }, product: { code: 'P-ARROZ' } })).deletedAt).toBeInstanceOf(Date);
    expect((await e.findOneOrFail(ProductMapping, { company, externalProductId: 'SKU-2' })).deletedAt).toBeInstanceOf(Date);
    expect((await e.findOneOrFail(IntegrationSettings, { company })).paymentTerminal).toBeNull();
    expect(await applyDocument(t, doc)).toMatchObject({ created: 0, updated: 0, deleted: 0 });

    // The terminal, the price, the mapping and the integration's terminal come back.
    expect(await applyDocument(t, exampleDocument(code))).toMatchObject({ created: 0, updated: 4, deleted: 0 });
    const again = em();
    expect((await again.findOneOrFail(PaymentTerminal, { company, code: 'CAJA1' })).deletedAt).toBeNull();
    expect((await again.findOneOrFail(ProductMapping, { company, externalProductId: 'SKU-2' })).deletedAt).toBeNull();
  });

  it('refuses a reference to an entry the same file marks deleted', async () => {
    const code = uniqueCode('D');
    await applyDocument(t, exampleDocument(code));
    const doc = exampleDocument(code);
    doc.paymentTerminals = [{ code: 'CAJA1', deleted: true }];
    doc.products = [{ code: 'P-ARROZ', deleted: true }];
    expect((await applyError(t, doc)).split('; ')).toEqual([
      'priceLists[0].prices[0].product: product P-ARROZ is marked deleted in this file',
      'productMappings[0].product: product P-ARROZ is marked deleted in this file',
      'integration.paymentTerminal: payment terminal CAJA1 is marked deleted in this file',
    ]);
  });

  it('deletes the emission points of a deleted establishment with it', async () => {
    const code = uniqueCode('D');
    await applyDocument(t, exampleDocument(code));
    expect(
      await applyDocument(t, {
        ...companyOnly(code),
        establishments: [{ code: '000', deleted: true }],
        integration: { emissionPoint: null },
      }),
    ).toMatchObject({ deleted: 1 });
    const e = em();
    expect((await e.findOneOrFail(Establishment, { code: '000', company: { code } })).deletedAt).toBeInstanceOf(Date);
    expect((await e.findOneOrFail(EmissionPoint, { code: '001', establishment: { company: { code } } })).deletedAt).toBeInstanceOf(Date);
  });

  it('clears an integration default set to null and leaves the absent ones as they are', async () => {
    const code = uniqueCode('N');
    await applyDocument(t, exampleDocument(code));
    expect(await applyDocument(t, { ...companyOnly(code), integration: { priceList: null } })).toEqual({
      companyCode: code,
      created: 0,
      updated: 1,
      deleted: 0,
      changes: [{ action: 'update', path: 'integration', entry: 'integration' }],
    });
    const settings = await em().findOneOrFail(
      IntegrationSettings,
      { company: { code } },
      { populate: ['emissionPoint', 'creatorUser', 'paymentTerminal'] },
    );
    expect(settings).toMatchObject({
      enabled: true,
      priceList: null,
      emissionPoint: { code: '001' },
      creatorUser: { code: 'integracion' },
      paymentTerminal: { code: 'CAJA1' },
    });
  });

  it('turns the integration off with enabled: false, so a valid key gets 403 INTEGRATION_NOT_ENABLED', async () => {
    const code = uniqueCode('E');
    await applyDocument(t, exampleDocument(code));
    const auth = { Authorization: `Bearer ${await issueKey(code)}` };
    expect((await t.http.get('/v1/clients').set(auth)).status).toBe(200);

    await applyDocument(t, { ...companyOnly(code), integration: { enabled: false } });
    const res = await t.http.get('/v1/clients').set(auth);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('INTEGRATION_NOT_ENABLED');
  });

  it('refuses CAI range edits that would leave issued numbers outside the range, and overlapping ranges', async () => {
    const code = uniqueCode('R');
    await applyDocument(t, exampleDocument(code));
    await issueNumbers(code, [1, 2]);
    const at = 'establishments[0].emissionPoints[0].caiRanges';
    const later = exampleDocument(code);
    rangeOf(later).rangeStart = 2;
    expect(await applyError(t, later)).toBe(
      `${at}[0].rangeStart: number 1 was already issued from this range, so rangeStart cannot be above it`,
    );
    const shorter = exampleDocument(code);
    rangeOf(shorter).rangeEnd = 1;
    expect(await applyError(t, shorter)).toBe(
      `${at}[0].rangeEnd: numbers up to 2 were already issued from this range, so rangeEnd cannot be below it`,
    );

    const overlapping = exampleDocument(code);
    overlapping.establishments?.[0].emissionPoints?.[0].caiRanges?.push({
      cai: 'NEW-CAI-1',
      rangeStart: 4000,
      rangeEnd: 6000,
      deadline: '2028-12-31',
    });
    expect(await applyError(t, overlapping)).toBe(
      `${at}[1]: numbers 4000-6000 overlap CAI ${companyCai(code, '0')} (1-5000) of emission point 000-001`,
    );

    // Shrinking to the issued numbers is allowed; the next range follows on.
    const next = exampleDocument(code);
    rangeOf(next).rangeEnd = 2;
    next.establishments?.[0].emissionPoints?.[0].caiRanges?.push({
      cai: 'NEW-CAI-1',
      rangeStart: 3,
      rangeEnd: 6000,
      deadline: '2028-12-31',
    });
    expect(await applyDocument(t, next)).toMatchObject({ created: 1, updated: 1 });
    const ranges = await em().find(
      CaiRange,
      { emissionPoint: { establishment: { company: { code } } } },
      { orderBy: { rangeStart: 'asc' } },
    );
    expect(ranges.map((r) => [r.rangeStart, r.rangeEnd, r.nextNumber])).toEqual([
      [1, 2, 3],
      [3, 6000, 3],
    ]);
  });

  it("moves a range's next number forward with its start, never backwards", async () => {
    const code = uniqueCode('R');
    const doc = exampleDocument(code);
    await applyDocument(t, doc);
    rangeOf(doc).rangeStart = 100;
    await applyDocument(t, doc);
    rangeOf(doc).rangeStart = 1;
    await applyDocument(t, doc);
    expect(await em().findOneOrFail(CaiRange, { emissionPoint: { establishment: { company: { code } } } })).toMatchObject({
      rangeStart: 1,
      nextNumber: 100,
    });
  });

  it('refuses an RTN another client of the company holds, and codes reserved for API clients', async () => {
    const code = uniqueCode('C');
    await applyDocument(t, exampleDocument(code));
    const created = await t.http
      .post('/v1/clients')
      .set({ Authorization: `Bearer ${await issueKey(code)}` })
      .send({ clientName: 'Cliente API', email: 'a@b.hn', legalId: '08011999000777' });
    expect(created.status).toBe(201);

    const doc = companyOnly(code);
    doc.clients = [
      { code: 'CLI-NEW', clientName: 'Otro', email: 'o@o.hn', legalId: '08011999000777' },
      { code: 'API-999', clientName: 'Reservado', email: 'r@r.hn' },
    ];
    expect((await applyError(t, doc)).split('; ')).toEqual([
      'clients[0].legalId: RTN 08011999000777 already belongs to client 08011999000777',
      'clients[1].code: codes starting with API- are reserved for clients created through the API',
    ]);
    // The operator may still manage the client the API created, by its code.
    doc.clients = [
      {
        code: '08011999000777',
        clientName: 'Cliente API',
        email: 'a@b.hn',
        exoneration: { certificate: 'EXO-1', validUntil: '2030-01-31' },
      },
    ];
    expect(await applyDocument(t, doc)).toMatchObject({ created: 0, updated: 1 });
    expect(await em().findOneOrFail(Client, { company: { code }, code: '08011999000777' })).toMatchObject({
      legalId: '08011999000777',
      exonerationCertificate: 'EXO-1',
    });
  });
});
