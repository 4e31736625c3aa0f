import { ActivityEntry, Client } from '../../src/entities';
import { clientData, sellingCompany, uniqueCode } from '../support/factories';
import { createConsoleTest, type ConsoleClient, type ConsoleTest } from '../support/console-client';
import { ONE_ITEM } from '../support/issuing-fixtures';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';

/**
 * The clients page over HTTP: an accountant of the company (or an administrator) corrects a
 * client through the service `admin client update` uses, and deletes one only from the
 * confirmation page's second POST. A refusal answers the form again with what was typed.
 */
describe('console: editing and deleting a client', () => {
  let c: ConsoleTest;
  let company: ReadyCompany;
  let other: ReadyCompany;
  let accountant: ConsoleClient;
  let stranger: ConsoleClient;
  let admin: ConsoleClient;
  const clientsPath = () => `/companies/${company.code}/clients`;
  const row = (code: string, of = company) => c.t.orm.em.fork().findOneOrFail(Client, { code, company: of.companyId });
  const fields = { clientName: 'Ferretería López', email: 'ventas@lopez.hn', legalId: '08011990000011', phone: '', address: 'Comayagüela' };

  /** A refused POST: its status and words, and no table changed. */
  async function refused(client: ConsoleClient, path: string, form: Record<string, string>, status: number, text: RegExp) {
    const before = await tableChecksums(c.t.orm);
    const res = await client.post(path, form);
    expect(res.status).toBe(status);
    expect(res.text).toMatch(text);
    expect(await tableChecksums(c.t.orm)).toBe(before);
    return res;
  }

  beforeAll(async () => {
    c = await createConsoleTest();
    company = await setUpCompany(
      c.t,
      sellingCompany({
        code: uniqueCode('L'),
        clients: [
          clientData({ code: 'CLI-1', clientName: 'Ferretería López', email: 'lopez@correo.hn', legalId: '08011990000011' }),
          clientData({ code: 'CLI-2', clientName: 'Otra Tienda', email: 'otra@correo.hn', legalId: '08011990000022' }),
          clientData({ code: 'CLI-3', clientName: 'Tienda Que Cierra', email: 'cierra@correo.hn', legalId: '08011990000033' }),
        ],
      }),
    );
    other = await setUpCompany(c.t, sellingCompany({ code: uniqueCode('M'), clients: [clientData({ code: 'AJENO' })] }));
    const passwords = {
      accountant: await c.addOperator('contador@clientes.hn', 'accountant', [company.code]),
      stranger: await c.addOperator('ajeno@clientes.hn', 'accountant', [other.code]),
      admin: await c.addOperator('admin@clientes.hn', 'admin'),
    };
    accountant = c.client();
    stranger = c.client();
    admin = c.client();
    expect((await accountant.signIn('contador@clientes.hn', passwords.accountant)).status).toBe(303);
    expect((await stranger.signIn('ajeno@clientes.hn', passwords.stranger)).status).toBe(303);
    expect((await admin.signIn('admin@clientes.hn', passwords.admin)).status).toBe(303);
  }, 300_000);
  afterAll(() => c.close());

  it('an accountant opens a client from the list and corrects it; the trail says what changed', async () => {
    const id = (await row('CLI-1')).id;
    const list = await accountant.get(clientsPath());
    expect(list.text).toContain(`href="${clientsPath()}/${id}"`);
    const page = await accountant.get(`${clientsPath()}/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('value="lopez@correo.hn"');

    const res = await accountant.post(`${clientsPath()}/${id}`, fields);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(clientsPath());
    expect(await row('CLI-1')).toMatchObject({ email: 'ventas@lopez.hn', address: 'Comayagüela', phone: null });
    const [entry] = await c.t.orm.em.fork().find(ActivityEntry, { action: 'client-updated', target: `client CLI-1 (id ${id})` });
    expect(entry).toMatchObject({ actor: 'contador@clientes.hn' });
    expect(JSON.parse(entry.details)).toEqual({
      email: { from: 'lopez@correo.hn', to: 'ventas@lopez.hn' },
      address: { from: null, to: 'Comayagüela' },
    });
  });

  it('answers a refused form with what was typed and the reason in Spanish, changing nothing', async () => {
    const path = `${clientsPath()}/${(await row('CLI-1')).id}`;
    const badEmail = await refused(accountant, path, { ...fields, email: 'no-es-correo' }, 400, /Escriba un correo electrónico completo/);
    expect(badEmail.text).toContain('value="no-es-correo"');
    expect(badEmail.text).toContain('aria-describedby="client-email-problema"');
    // The service's English is for the API and the CLI: only the code stays, in small print.
    expect(badEmail.text).not.toContain('must be a valid e-mail address');
    expect(badEmail.text).toContain('(VALIDATION_FAILED)');
    const noName = await refused(accountant, path, { ...fields, clientName: '' }, 400, /Escriba el nombre o la razón social/);
    expect(noName.text).toContain('id="client-clientName-problema"');
    expect(noName.text).not.toContain('must not be empty');
    const badRtn = await refused(accountant, path, { ...fields, legalId: '0801' }, 400, /El RTN debe tener exactamente 14 dígitos/);
    expect(badRtn.text).toContain('value="0801"');
    expect(badRtn.text).toContain('id="client-legalId-problema"');
    const taken = await refused(
      accountant,
      path,
      { ...fields, legalId: '08011990000022' },
      409,
      /Otro cliente de la empresa ya tiene ese RTN/,
    );
    expect(taken.text).toContain('UQ_CLIENT_CODE_COMPANY');
  });

  it('refuses another company’s client, and a client to an accountant of another company, as pages that do not exist', async () => {
    const foreign = (await row('AJENO', other)).id;
    // Each browser's session token, from a page it may see.
    expect((await admin.get(clientsPath())).status).toBe(200);
    expect((await stranger.get(`/companies/${other.code}/clients`)).status).toBe(200);
    await refused(admin, `${clientsPath()}/${foreign}`, fields, 404, /Página no encontrada/);
    await refused(admin, `${clientsPath()}/${foreign}/delete`, { confirm: '1' }, 404, /Página no encontrada/);
    expect((await admin.get(`${clientsPath()}/${foreign}`)).status).toBe(404);
    const mine = (await row('CLI-2')).id;
    expect((await stranger.get(`${clientsPath()}/${mine}`)).status).toBe(404);
    await refused(stranger, `${clientsPath()}/${mine}`, fields, 404, /Página no encontrada/);
    await refused(stranger, `${clientsPath()}/${mine}/delete`, { confirm: '1' }, 404, /Página no encontrada/);
  });

  it('deletes a client only from the confirmation page: the first POST shows what will happen and changes nothing', async () => {
    const client = await row('CLI-3');
    const path = `${clientsPath()}/${client.id}/delete`;
    const sale = await c.t.http
      .post('/v1/invoices')
      .set(company.auth)
      .set('Idempotency-Key', 'before-delete')
      .send({ ...ONE_ITEM, clientId: client.id });
    expect(sale.status).toBe(201);
    const invoicePage = `/companies/${company.code}/invoices/${sale.body.id}`;
    // Each rendering of the page gives its note forms a new idempotency key; the rest must not move.
    const withoutFormKeys = (html: string) => html.replace(/name="key" value="[^"]*"/g, '');
    const pageBefore = (await accountant.get(invoicePage)).text;
    expect(pageBefore).toContain('Tienda Que Cierra');
    const before = await tableChecksums(c.t.orm);
    const asked = await accountant.post(path);
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('¿Eliminar el cliente Tienda Que Cierra?');
    expect(asked.text).toContain('Su RTN queda libre para un cliente nuevo.');
    expect(asked.text).toContain(`<form method="post" action="${path}"`);
    expect(asked.text).toContain('name="confirm" value="1"');
    expect(await tableChecksums(c.t.orm)).toBe(before);

    // The confirmed POST needs the session's token like any other: without it, nothing is done.
    expect((await accountant.post(path, { confirm: '1' }, null)).status).toBe(403);
    expect((await row('CLI-3')).deletedAt).toBeNull();

    const done = await accountant.post(path, { confirm: '1' });
    expect(done.status).toBe(303);
    expect((await row('CLI-3')).deletedAt).not.toBeNull();
    expect((await accountant.get(clientsPath())).text).not.toContain('Tienda Que Cierra');
    expect((await accountant.get(`${clientsPath()}/${client.id}`)).status).toBe(404);
    // Its invoice reads as it did.
    expect(withoutFormKeys((await accountant.get(invoicePage)).text)).toBe(withoutFormKeys(pageBefore));
    const [entry] = await c.t.orm.em.fork().find(ActivityEntry, { action: 'client-deleted', target: `client CLI-3 (id ${client.id})` });
    expect(entry).toMatchObject({ actor: 'contador@clientes.hn' });
    // Deleted, it is gone: a second confirmation finds nothing to delete.
    await refused(accountant, path, { confirm: '1' }, 404, /Página no encontrada/);
  });
});
