import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '../../src/entities';
import type { CaiRangeSpec } from '../../src/services/company/setup/setup-document';
import { clientData, issueApiKey, productData, sellingCompany, uniqueCode } from '../support/factories';
import { caiOf } from '../support/issuing-fixtures';
import { noteCommand } from '../support/note-commands';
import { readPdf } from '../support/pdf-reader';
import { runAdmin, shareLibreOfficeAcrossCommands } from '../support/run-admin';
import { applySetup } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

const FAR = '2099-12-31';
const ranges: CaiRangeSpec[] = [
  { cai: caiOf('a'), rangeStart: 1, rangeEnd: 500, deadline: FAR },
  { cai: caiOf('b'), rangeStart: 1, rangeEnd: 500, deadline: '2098-06-30', documentType: 'creditNote' },
  { cai: caiOf('c'), rangeStart: 1, rangeEnd: 500, deadline: '2097-03-31', documentType: 'debitNote' },
];

/**
 * A credit and a debit note on paper, read back with pdftotext: every field the law asks of a
 * note with its value, the same bytes on every reprint, ANULADA once annulled. `note pdf` starts
 * the command's LibreOffice (one the file's commands share), so this file's app runs without one.
 */
describe('credit and debit note PDFs', () => {
  shareLibreOfficeAcrossCommands();
  let t: TestApp;
  let dir: string;
  const code = uniqueCode('P');
  let auth: { Authorization: string };
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);

  async function pdfOf(id: number, name: string): Promise<Buffer> {
    const out = path.join(dir, name);
    const run = await admin('note', 'pdf', '--company', code, '--id', String(id), '--out', out);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(new RegExp(`^wrote ${out} \\((credit|debit) note ${id} \\(\\d{3}-\\d{3}-0[67]-\\d{8}\\), \\d+ bytes\\)\n$`));
    return fs.readFileSync(out);
  }

  async function issueNote(command: string[]): Promise<{ id: number; number: string }> {
    const run = await admin(...command, '--json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    return JSON.parse(run.stdout) as { id: number; number: string };
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notes-pdf-'));
    t = await createTestApp();
    await applySetup(
      t,
      sellingCompany({
        code,
        products: [productData({ code: 'P-ARROZ', name: 'Arroz 50 lb', externalProductId: 'SKU-ARROZ', price: 100, isvRate: 15 })],
        clients: [
          clientData({ code: 'CLI-1', clientName: 'Ferretería El Clavo', legalId: '08019000000001' }),
          clientData({
            code: 'CLI-ONG',
            clientName: 'Fundación Exonerada',
            legalId: '08019000000002',
            exoneration: { certificate: 'EXO-2026-0001', sagRegistry: 'SAG-2026-0456', validUntil: '2099-06-30' },
          }),
        ],
        emissionPoints: [{ code: '001', caiRanges: ranges }],
      }),
    );
    ({ auth } = await issueApiKey(t.orm, t.container, code));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function sale(clientCode: string, key: string, extra: object = {}) {
    const client = await t.orm.em.fork().findOneOrFail(Client, { code: clientCode, company: { code } });
    const res = await t.http
      .post('/v1/invoices')
      .set(auth)
      .set('Idempotency-Key', key)
      .send({ clientId: client.id, items: [{ externalProductId: 'SKU-ARROZ', quantity: 3 }], ...extra });
    expect(res.status).toBe(201);
    return res.body as { id: number; fiscalNumber: string; invoiceDate: string };
  }

  it('a credit note prints every field with its value; a reprint is the same document; annulled it prints ANULADA', async () => {
    const inv = await sale('CLI-1', 'pdf-1');
    const note = await issueNote(noteCommand('credit', code, inv.id, 'Devolución de un saco dañado', '--return', '1:1'));
    const first = await pdfOf(note.id, 'credit.pdf');
    const text = readPdf(first).text;
    const invoiceDay = new Date(new Date(inv.invoiceDate).getTime() - 6 * 3_600_000)
      .toISOString()
      .slice(0, 10)
      .split('-')
      .reverse()
      .join('/');
    for (const expected of [
      'NOTA DE CRÉDITO',
      `No. ${note.number}`,
      `CAI: ${caiOf('b')}`,
      'Rango autorizado:',
      'del 000-001-06-00000001 al 000-001-06-00000500',
      'Fecha límite de emisión: 30/06/2098',
      'Original: Cliente / Copia: Obligado Tributario',
      'Ferretería El Clavo',
      '08019000000001',
      'Documento que modifica:',
      `Factura No. ${inv.fiscalNumber}`,
      `CAI de la factura: ${caiOf('a')}`,
      invoiceDay,
      'Motivo: Devolución de un saco dañado',
      'Arroz 50 lb',
      'L 100.00',
      'L 15.00',
      'L 115.00',
      'CIENTO QUINCE LEMPIRAS CON 00/100',
      'Nombre de quien recibe:',
      'No. de identidad:',
      'Firma:',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('ANULADA');
    // A reprint is the same document, byte for byte: printed from the rows and the template version
    // fixed at issue, dated with the note's own date and identified by its content.
    expect((await pdfOf(note.id, 'credit-again.pdf')).equals(first)).toBe(true);

    expect((await admin('note', 'annul', '--company', code, '--id', String(note.id), '--reason', 'Emitida con error')).code).toBe(0);
    const annulled = readPdf(await pdfOf(note.id, 'credit-annulled.pdf')).text;
    expect(annulled).toContain('ANULADA');
    expect(annulled).toContain(note.number);
  }, 120_000);

  it('a debit note of an exonerated sale prints its references and the exonerated amount, and no signature lines', async () => {
    const inv = await sale('CLI-ONG', 'pdf-2', { exemptPurchaseOrderNumber: 'OCE-77' });
    const note = await issueNote(
      noteCommand('debit', code, inv.id, 'Flete no cobrado', '--description', 'Flete a domicilio', '--amount', '40', '--rate', '15'),
    );
    const text = readPdf(await pdfOf(note.id, 'debit.pdf')).text;
    for (const expected of [
      'NOTA DE DÉBITO',
      `No. ${note.number}`,
      `CAI: ${caiOf('c')}`,
      'Fecha límite de emisión: 31/03/2097',
      'Fundación Exonerada',
      'OCE-77',
      'EXO-2026-0001',
      'SAG-2026-0456',
      `Factura No. ${inv.fiscalNumber}`,
      'Motivo: Flete no cobrado',
      'Flete a domicilio',
      'L 40.00',
      'CUARENTA LEMPIRAS CON 00/100',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Firma:');
  }, 120_000);

  it('template check passes the default credit and debit note templates', async () => {
    for (const document of ['creditNote', 'debitNote']) {
      const run = await admin('template', 'check', '--company', code, '--document', document);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(/template OK: .*(credit|debit)-note\.odt\n$/);
    }
  }, 120_000);
});
