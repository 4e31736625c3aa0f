import fs from 'node:fs';
import path from 'node:path';
import { readPdf, letterheadImages } from '../support/pdf-reader';
import { framedPng } from '../support/png';
import { setUpCompany } from '../support/setup-fixtures';
import { copyTemplatesDir, withBanner, writeEditedTemplate } from '../support/template-files';
import { createTestApp, TestApp } from '../support/test-app';

type Company = { auth: { Authorization: string }; code: string };

describe('per-company letterheads and logos, edited while the service runs', () => {
  let t: TestApp;
  let templatesDir: string;
  let acme: Company;
  let other: Company;
  let keySeq = 0;

  beforeAll(async () => {
    templatesDir = copyTemplatesDir();
    t = await createTestApp({ pdf: true, env: { TEMPLATES_DIR: templatesDir } });
    acme = await setUpCompany(t);
    other = await setUpCompany(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(templatesDir, { recursive: true, force: true });
  });

  const companyFile = (company: Company, file: string) => path.join(templatesDir, 'companies', company.code, file);
  const issuedPdf = async (company: Company) => {
    const res = await t.http
      .post('/v1/invoices')
      .set(company.auth)
      .set('Idempotency-Key', `lh-${Date.now()}-${++keySeq}`)
      .send({ items: [{ externalProductId: 'SKU-P-1', quantity: 1 }] });
    expect(res.status).toBe(201);
    return readPdf(Buffer.from(res.body.pdfBase64, 'base64'));
  };
  const previewPdf = async (company: Company) => {
    const res = await t.http
      .post('/v1/invoices/preview')
      .set(company.auth)
      .send({ items: [{ externalProductId: 'SKU-P-1', quantity: 1 }] });
    expect(res.status).toBe(200);
    return readPdf(Buffer.from(res.body.pdfBase64, 'base64'));
  };

  it("uses a company's letterhead from its next PDF on, leaves other companies on the default, and picks up a second edit", async () => {
    expect((await issuedPdf(acme)).text).not.toContain('MEMBRETE ALFA');

    await writeEditedTemplate(companyFile(acme, 'invoice.odt'), withBanner('MEMBRETE ALFA DE LA EMPRESA'));
    const first = await issuedPdf(acme);
    expect(first.text).toContain('MEMBRETE ALFA DE LA EMPRESA');
    expect(first.text).toContain('TOTAL A PAGAR'); // still the whole invoice
    expect((await previewPdf(acme)).text).toContain('MEMBRETE ALFA DE LA EMPRESA');
    expect((await issuedPdf(other)).text).not.toContain('MEMBRETE');

    await writeEditedTemplate(companyFile(acme, 'invoice.odt'), withBanner('MEMBRETE BETA CORREGIDO'));
    const second = await issuedPdf(acme);
    expect(second.text).toContain('MEMBRETE BETA CORREGIDO');
    expect(second.text).not.toContain('MEMBRETE ALFA');

    fs.rmSync(companyFile(acme, 'invoice.odt'));
    expect((await issuedPdf(acme)).text).not.toContain('MEMBRETE');
  });

  it('prints companies/<CODE>/logo.png in the logo placeholder, and no image without one', async () => {
    expect(letterheadImages(await issuedPdf(acme))).toEqual([]);

    fs.mkdirSync(path.dirname(companyFile(acme, 'logo.png')), { recursive: true });
    fs.writeFileSync(companyFile(acme, 'logo.png'), framedPng(300, 100, [20, 80, 160]));
    expect(letterheadImages(await issuedPdf(acme))).toEqual([{ width: 300, height: 100 }]);
    expect(letterheadImages(await previewPdf(acme))).toEqual([{ width: 300, height: 100 }]);
    expect(letterheadImages(await issuedPdf(other))).toEqual([]);
  });

  it('ignores a logo that is not a PNG (the invoice still renders) and logs why', async () => {
    fs.writeFileSync(companyFile(acme, 'logo.png'), 'not a picture');
    const pdf = await issuedPdf(acme);
    expect(letterheadImages(pdf)).toEqual([]);
    expect(pdf.text).toContain('TOTAL A PAGAR');
    expect(t.logs.text).toContain('is not a PNG image');
  });
});
