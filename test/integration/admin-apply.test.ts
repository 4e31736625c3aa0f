import { stringify } from 'yaml';
import {
  CaiRange,
  Client,
  Company,
  DiscountPolicy,
  IntegrationSettings,
  PaymentTerminal,
  Product,
  ProductMapping,
  ProductPrice,
} from '../../src/entities';
import { SetupValidationError, type SetupDocument } from '../../src/services/company';
import { companyCai, issueApiKey, uniqueCode } from '../support/factories';
import { applyDocument, applyError, applyFile, EXAMPLE_FILE, exampleDocument, tableCounts, writeSetupFile } from '../support/setup-apply';
import { createTestApp, TestApp } from '../support/test-app';

/** Entries of the example (with P-IMPORT): company, 1 establishment, 1 point, 1 range, 1 user, 1 terminal, 1 policy, 5 products, 1 list, 5 prices, 2 mappings, 1 client, integration. */
const EXAMPLE_ENTRIES = 22;

describe('admin apply', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const em = () => t.orm.em.fork();
  const issueKey = async (code: string) => (await issueApiKey(t.orm, t.container, code)).apiKey;
  const listClients = (key: string) => t.http.get('/v1/clients').set({ Authorization: `Bearer ${key}` });

  it('refuses the published example as it stands, because P-IMPORT is priced but not in its catalog', async () => {
    const before = await tableCounts(t.orm);
    await expect(applyFile(t, EXAMPLE_FILE)).rejects.toThrow('priceLists[0].prices[4].product: unknown product P-IMPORT');
    expect(await tableCounts(t.orm)).toEqual(before);
  });

  it('creates the whole example setup, and a key issued afterwards works against GET /v1/clients', async () => {
    const code = uniqueCode('A');
    const summary = await applyFile(t, writeSetupFile(exampleDocument(code)));
    expect(summary).toMatchObject({ companyCode: code, created: EXAMPLE_ENTRIES, updated: 0, deleted: 0 });
    expect(summary.changes).toHaveLength(EXAMPLE_ENTRIES);

    const e = em();
    const company = await e.findOneOrFail(Company, { code });
    expect(company).toMatchObject({
      name: 'Comercial Acme S. de R.L.',
      rtn: '08019999123456',
      phone: '+504 2222-0000',
      exchangeRate: '24.6512',
    });
    const range = await e.findOneOrFail(CaiRange, { emissionPoint: { code: '001', establishment: { code: '000', company } } });
    expect(range).toMatchObject({
      cai: companyCai(code, '0'),
      rangeStart: 1,
      rangeEnd: 5000,
      deadline: '2027-12-31',
      nextNumber: 1,
    });
    expect(await e.findOneOrFail(Product, { company, code: 'P-LECHE' })).toMatchObject({ exempt: true, isvRate: null });
    expect(await e.findOneOrFail(Product, { company, code: 'P-COMBO' })).toMatchObject({ isvRate: '15.0000', exemptPerUnit: '30.0000' });
    expect(await e.findOneOrFail(DiscountPolicy, { company, code: 'PROMO10' })).toMatchObject({
      percent: '10.0000',
      active: true,
      validFrom: '2026-01-01',
    });
    const prices = await e.find(ProductPrice, { priceList: { company, code: 'GENERAL' } }, { populate: ['product', 'discountPolicy'] });
    const byProduct = new Map(prices.map((p) => [p.product.code, p]));
    expect(byProduct.get('P-CERVEZA')).toMatchObject({ price: '35.5000', currency: 'HNL', discountPolicy: { code: 'PROMO10' } });
    expect(byProduct.get('P-IMPORT')).toMatchObject({ price: '10.0000', currency: 'USD', discountPolicy: null });
    expect(
      (await e.find(ProductMapping, { company }, { populate: ['product'] })).map((m) => `${m.externalProductId}>${m.product.code}`).sort(),
    ).toEqual(['SKU-1>P-ARROZ', 'SKU-2>P-CERVEZA']);
    expect(await e.findOneOrFail(Client, { company, code: 'CLI-ONG' })).toMatchObject({
      legalId: '08019000000001',
      exonerationCertificate: 'EXO-2026-0001',
      exonerationValidUntil: '2027-06-30',
    });
    const integration = await e.findOneOrFail(
      IntegrationSettings,
      { company },
      { populate: ['emissionPoint', 'creatorUser', 'priceList', 'paymentTerminal'] },
    );
    expect(integration).toMatchObject({
      enabled: true,
      exoneratedSales: false,
      emissionPoint: { code: '001' },
      creatorUser: { code: 'integracion' },
      priceList: { code: 'GENERAL' },
      paymentTerminal: { code: 'CAJA1' },
    });

    const res = await listClients(await issueKey(code));
    expect(res.status).toBe(200);
    expect(res.body.clients).toEqual([expect.objectContaining({ clientName: 'Fundación Ejemplo', legalId: '08019000000001' })]);
  });

  it('applies the same file again without creating or changing anything', async () => {
    const file = writeSetupFile(exampleDocument(uniqueCode('A')));
    await applyFile(t, file);
    const before = await tableCounts(t.orm);
    expect(await applyFile(t, file)).toMatchObject({ created: 0, updated: 0, deleted: 0 });
    expect(await tableCounts(t.orm)).toEqual(before);
  });

  it('reads a JSON file as well as YAML, to the same setup', async () => {
    const code = uniqueCode('J');
    expect(await applyFile(t, writeSetupFile(exampleDocument(code), 'json'))).toMatchObject({ created: EXAMPLE_ENTRIES });
    // The YAML of the same document finds everything already in place.
    expect(await applyFile(t, writeSetupFile(exampleDocument(code), 'yaml'))).toMatchObject({ created: 0, updated: 0, deleted: 0 });
  });

  it('writes nothing when a price names an unknown product, and names the path of that price', async () => {
    const code = uniqueCode('A');
    await applyDocument(t, exampleDocument(code));
    const doc = exampleDocument(code);
    doc.company.name = 'Renamed in the refused file';
    doc.priceLists?.[0].prices?.push({ product: 'P-999', price: 1 });
    const before = await tableCounts(t.orm);

    const message = await applyError(t, doc);
    expect(message).toBe('priceLists[0].prices[5].product: unknown product P-999');
    expect(await tableCounts(t.orm)).toEqual(before);
    expect((await em().findOneOrFail(Company, { code })).name).toBe('Comercial Acme S. de R.L.');
  });

  it('reports every duplicate, then every unresolved reference, at once and each by its path', async () => {
    const doc = exampleDocument(uniqueCode('A'));
    doc.priceLists?.[0].prices?.push({ product: 'P-ARROZ', price: 1 }, { product: 'P-LECHE', price: 2, discountPolicy: 'PROMO99' });
    doc.productMappings?.push({ externalProductId: 'SKU-9', product: 'P-NADA' });
    doc.integration = { ...doc.integration, creatorUser: 'nadie', emissionPoint: '000-009' };
    // Duplicates are found before the database is read.
    expect((await applyError(t, doc)).split('; ')).toEqual([
      'priceLists[0].prices[5].product: duplicate price for product P-ARROZ (also at priceLists[0].prices[0])',
      'priceLists[0].prices[6].product: duplicate price for product P-LECHE (also at priceLists[0].prices[2])',
    ]);
    doc.priceLists?.[0].prices?.splice(5, 2, { product: 'P-ARROZ-X', price: 1, discountPolicy: 'PROMO99' });
    expect((await applyError(t, doc)).split('; ').sort()).toEqual([
      'integration.creatorUser: unknown user nadie',
      'integration.emissionPoint: unknown emission point 000-009',
      'priceLists[0].prices[5].discountPolicy: unknown discount policy PROMO99',
      'priceLists[0].prices[5].product: unknown product P-ARROZ-X',
      'productMappings[2].product: unknown product P-NADA',
    ]);
  });

  it('names the path of every bad format, unknown key and duplicate code, all in one error', async () => {
    const doc = exampleDocument(uniqueCode('A')) as SetupDocument & Record<string, unknown>;
    doc.company.rtn = '0801999912345';
    const establishment = doc.establishments?.[0];
    if (!establishment || establishment.deleted) throw new Error('the example has a live establishment');
    establishment.code = '1';
    const range = establishment.emissionPoints?.[0].caiRanges?.[0];
    if (!range || range.deleted) throw new Error('the example has a live range');
    range.deadline = '2027-02-30';
    doc.priceList = [];
    doc.products?.push({ code: 'P-ARROZ', name: 'Otra vez', isvRate: 15 });
    // Unquoted, YAML reads 001 as the number 1.
    const file = writeSetupFile(stringify(doc).replace('code: "001"', 'code: 001'));

    const error = await applyFile(t, file).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(SetupValidationError);
    const problems = [...(error as SetupValidationError).problems].sort();
    expect(problems).toEqual([
      'company.rtn: must be exactly 14 digits, e.g. "08019999123456"',
      'establishments[0].code: must be exactly 3 digits, e.g. "000"',
      'establishments[0].emissionPoints[0].caiRanges[0].deadline: must be a real calendar date YYYY-MM-DD',
      'establishments[0].emissionPoints[0].code: must be 3 digits in quotes, e.g. "001"',
      expect.stringMatching(/^priceList: unknown key \(expected one of: company, establishments, .*priceLists/),
    ]);
    expect((error as Error).message.split('\n')).toHaveLength(1);
    // The duplicate is reported once the shape is right.
    doc.company.rtn = '08019999123456';
    establishment.code = '000';
    range.deadline = '2027-12-31';
    delete doc.priceList;
    expect(await applyError(t, doc)).toBe('products[5].code: duplicate product P-ARROZ (also at products[0])');
  });

  it('refuses an RTN of fourteen equal digits and a verificationBaseUrl that is not an absolute http(s) address, writing nothing', async () => {
    const code = uniqueCode('Q');
    const doc = exampleDocument(code);
    doc.company.rtn = '00000000000000';
    doc.company.verificationBaseUrl = 'verifica.acme.hn';
    const client = doc.clients?.[0];
    if (!client || client.deleted) throw new Error('the example has a live client');
    client.legalId = '11111111111111';
    const before = await tableCounts(t.orm);
    expect((await applyError(t, doc)).split('; ').sort()).toEqual([
      'clients[0].legalId: is not an RTN: fourteen equal digits',
      'company.rtn: is not an RTN: fourteen equal digits',
      'company.verificationBaseUrl: must be an absolute http:// or https:// address such as "https://verifica.example.hn" (no query, no fragment)',
    ]);
    doc.company.rtn = '08019999123456';
    client.legalId = '08019000000001';
    doc.company.verificationBaseUrl = 'https://verifica.acme.hn/?x=1';
    expect(await applyError(t, doc)).toMatch(/^company\.verificationBaseUrl: must be an absolute/);
    expect(await tableCounts(t.orm)).toEqual(before);
    expect(await em().findOne(Company, { code })).toBeNull();

    // A good one is stored as given; null clears it (the process's PUBLIC_BASE_URL again).
    doc.company.verificationBaseUrl = 'https://verifica.acme.hn';
    await applyDocument(t, doc);
    expect(await em().findOneOrFail(Company, { code })).toMatchObject({ verificationBaseUrl: 'https://verifica.acme.hn' });
    doc.company.verificationBaseUrl = null;
    await applyDocument(t, doc);
    expect(await em().findOneOrFail(Company, { code })).toMatchObject({ verificationBaseUrl: null });
  });

  it('takes amounts as numbers or decimal strings and stores a discount percent as given, even outside 0..100', async () => {
    const code = uniqueCode('M');
    await applyDocument(t, exampleDocument(code));
    const doc = exampleDocument(code);
    const cerveza = doc.priceLists?.[0].prices?.[1];
    if (!cerveza || cerveza.deleted) throw new Error('the example prices P-CERVEZA second');
    cerveza.price = '35.50';
    doc.discountPolicies = [
      { code: 'PROMO10', percent: '10' },
      { code: 'RARE', percent: 150 },
    ];
    expect(await applyDocument(t, doc)).toMatchObject({ created: 1, updated: 0 });
    expect(await em().findOneOrFail(DiscountPolicy, { company: { code }, code: 'RARE' })).toMatchObject({
      percent: '150.0000',
      active: true,
    });
    doc.discountPolicies = [{ code: 'RARE', percent: 'ciento cincuenta' }];
    expect(await applyError(t, doc)).toBe('discountPolicies[0].percent: must be a number or a decimal string such as "12.50"');
  });

  it('matches codes the way the unique indexes do, ignoring case', async () => {
    const code = uniqueCode('K');
    await applyDocument(t, exampleDocument(code));
    const doc = exampleDocument(code);
    doc.paymentTerminals = [{ code: 'Caja1', name: 'Caja principal' }];
    doc.integration = { paymentTerminal: 'caja1' };
    expect(await applyDocument(t, doc)).toMatchObject({ created: 0, updated: 1, deleted: 0 });
    expect((await em().find(PaymentTerminal, { company: { code } })).map((p) => p.code)).toEqual(['Caja1']);
  });

  it('refuses an empty file and a list at the top', async () => {
    expect(await applyError(t, '')).toBe('document: the file is empty');
    expect(await applyError(t, [{ company: {} }])).toBe('document: must be a mapping of keys to values');
  });
});
