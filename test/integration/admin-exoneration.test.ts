import { Client } from '../../src/entities';
import { uniqueCode } from '../support/factories';
import { runAdmin } from '../support/run-admin';
import { exampleDocument, tableCounts, writeSetupFile } from '../support/setup-apply';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * A client's exoneration is its Constancia del Registro de Exonerados and/or its Registro SAG
 * number (at least one, since the invoice must print one), set by `admin apply` or
 * `admin client exonerate`.
 */
describe('operator exonerations with a certificate and/or a Registro SAG number', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);
  const clientOf = (company: string, code: string) => t.orm.em.fork().findOneOrFail(Client, { company: { code: company }, code });

  describe('admin apply', () => {
    it('applies a client whose exoneration has a sagRegistry and no certificate, and its sale is exonerated', async () => {
      const code = uniqueCode('S');
      const doc = exampleDocument(code);
      doc.clients = [{ ...doc.clients![0], exoneration: { sagRegistry: 'SAG-RE-2026-0456', validUntil: '2099-06-30' } }];
      const run = await admin('apply', writeSetupFile(doc));
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(await clientOf(code, 'CLI-ONG')).toMatchObject({
        exonerationCertificate: null,
        exonerationSagRegistry: 'SAG-RE-2026-0456',
        exonerationValidUntil: '2099-06-30',
      });

      const key = (await admin('apikey', 'issue', '--company', code)).stdout.trim();
      const client = await clientOf(code, 'CLI-ONG');
      const res = await t.http
        .post('/v1/invoices/preview')
        .set({ Authorization: `Bearer ${key}` })
        .send({ clientId: client.id, items: [{ externalProductId: 'SKU-1', quantity: 1 }] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ exoneratedAmount: 100, totalTaxes: 0 });
    });

    it.each([
      ['neither', { validUntil: '2099-06-30' }],
      ['both null', { certificate: null, sagRegistry: null, validUntil: '2099-06-30' }],
    ])('refuses an exoneration with %s of the two, naming the entry, and writes nothing', async (_, exoneration) => {
      const doc = exampleDocument(uniqueCode('S'));
      doc.clients = [{ ...doc.clients![0], exoneration: exoneration as never }];
      const before = await tableCounts(t.orm);
      const run = await admin('apply', writeSetupFile(doc));
      expect(run).toEqual({
        code: 1,
        stdout: '',
        stderr: 'error: clients[0].exoneration: needs a certificate or a sagRegistry (at least one of the two)\n',
      });
      expect(await tableCounts(t.orm)).toEqual(before);
    });
  });

  describe('admin client exonerate', () => {
    let company: string;
    let clientId: string;

    beforeAll(async () => {
      company = uniqueCode('E');
      const doc = exampleDocument(company);
      doc.clients = [{ ...doc.clients![0], exoneration: null }];
      expect((await admin('apply', writeSetupFile(doc))).code).toBe(0);
      clientId = String((await clientOf(company, 'CLI-ONG')).id);
    });

    it('records a Registro SAG number alone', async () => {
      const run = await admin(
        'client',
        'exonerate',
        '--company',
        company,
        '--client-id',
        clientId,
        '--sag-registry',
        'SAG-77',
        '--valid-until',
        '2099-01-31',
      );
      expect(run).toEqual({
        code: 0,
        stderr: '',
        stdout: `client ${clientId} (Fundación Ejemplo) of ${company} exonerated: SAG registry SAG-77, valid until 2099-01-31\n`,
      });
      expect(await clientOf(company, 'CLI-ONG')).toMatchObject({ exonerationCertificate: null, exonerationSagRegistry: 'SAG-77' });
    });

    it('records both, and a later call with one clears the other', async () => {
      const both = await admin(
        'client',
        'exonerate',
        '--company',
        company,
        '--client-id',
        clientId,
        '--certificate',
        'EXO-1',
        '--sag-registry',
        'SAG-78',
        '--valid-until',
        '2099-01-31',
      );
      expect(both.stdout).toBe(
        `client ${clientId} (Fundación Ejemplo) of ${company} exonerated: certificate EXO-1, SAG registry SAG-78, valid until 2099-01-31\n`,
      );
      expect(await clientOf(company, 'CLI-ONG')).toMatchObject({ exonerationCertificate: 'EXO-1', exonerationSagRegistry: 'SAG-78' });
      expect(
        (
          await admin(
            'client',
            'exonerate',
            '--company',
            company,
            '--client-id',
            clientId,
            '--certificate',
            'EXO-2',
            '--valid-until',
            '2099-01-31',
          )
        ).code,
      ).toBe(0);
      expect(await clientOf(company, 'CLI-ONG')).toMatchObject({ exonerationCertificate: 'EXO-2', exonerationSagRegistry: null });
    });

    it('refuses neither a certificate nor a SAG registry with one line and exit 1, changing nothing', async () => {
      const run = await admin('client', 'exonerate', '--company', company, '--client-id', clientId, '--valid-until', '2099-01-31');
      expect(run).toEqual({
        code: 1,
        stdout: '',
        stderr: 'error: give the exoneration certificate (--certificate) or the Registro SAG number (--sag-registry), or both\n',
      });
      const blank = await admin(
        'client',
        'exonerate',
        '--company',
        company,
        '--client-id',
        clientId,
        '--sag-registry',
        '  ',
        '--valid-until',
        '2099-01-31',
      );
      expect(blank).toEqual({ code: 1, stdout: '', stderr: 'error: the SAG registry must be 1 to 64 characters\n' });
      expect(await clientOf(company, 'CLI-ONG')).toMatchObject({ exonerationCertificate: 'EXO-2', exonerationSagRegistry: null });
    });

    it('clear-exoneration removes both', async () => {
      expect((await admin('client', 'clear-exoneration', '--company', company, '--client-id', clientId)).code).toBe(0);
      expect(await clientOf(company, 'CLI-ONG')).toMatchObject({
        exonerationCertificate: null,
        exonerationSagRegistry: null,
        exonerationValidUntil: null,
      });
    });
  });
});
