import { ApiKey, CaiRange, Invoice, Note } from '../../src/entities';
import { uniqueCode } from '../support/factories';
import { CART, caiOf, setupWithRanges } from '../support/issuing-fixtures';
import { createConsoleTest, type ConsoleClient, type ConsoleTest } from '../support/console-client';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';

const FAR = '2099-12-31';

/**
 * The console's forms as an accountant meets them: irreversible actions confirmed on a page of
 * their own, refusals that keep what was typed, amounts as the console prints them, an expired
 * session, the sign-in form, and the lists' totals, state filter and export.
 */
describe('console forms', () => {
  let c: ConsoleTest;
  let company: ReadyCompany;
  let admin: ConsoleClient;
  let adminPassword: string;
  let keys = 0;
  const base = () => `/companies/${company.code}`;

  async function issue(body: object = CART): Promise<{ id: number; fiscalNumber: string }> {
    const res = await c.t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', `f-${++keys}`).send(body);
    expect(res.status).toBe(201);
    return res.body as { id: number; fiscalNumber: string };
  }

  const record = () => tableChecksums(c.t.orm);

  beforeAll(async () => {
    c = await createConsoleTest();
    company = await setUpCompany(
      c.t,
      setupWithRanges(
        [
          { cai: caiOf('a'), rangeStart: 1, rangeEnd: 1000, deadline: FAR },
          { cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'creditNote' },
          { cai: caiOf('c'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'debitNote' },
        ],
        uniqueCode('F'),
      ),
    );
    adminPassword = await c.addOperator('admin@formas.hn', 'admin');
    admin = c.client();
    expect((await admin.signIn('admin@formas.hn', adminPassword)).status).toBe(303);
  }, 240_000);
  afterAll(() => c.close());

  describe('confirmation pages', () => {
    it('answers the first POST of an annulment with a page that asks, changing nothing; the confirmed one annuls', async () => {
      const inv = await issue();
      await admin.get(`${base()}/invoices/${inv.id}`);
      const path = `${base()}/invoices/${inv.id}/annul`;
      const before = await record();
      const asked = await admin.post(path, { reason: 'RTN <equivocado>' });
      expect(asked.status).toBe(200);
      expect(await record()).toBe(before);
      expect(asked.text).toContain(`¿Anular la factura ${inv.fiscalNumber}?`);
      // The same request again, to the same path, with confirm=1 and the session's token; the reason as text.
      expect(asked.text).toContain(`action="${path}"`);
      expect(asked.text).toContain('name="confirm" value="1"');
      expect(asked.text).toContain('name="reason" value="RTN &lt;equivocado>"');
      expect(asked.text).toContain(`name="_csrf" value="${admin.csrf}"`);
      expect(asked.text).not.toContain('<script');
      expect((await c.t.orm.em.fork().findOneOrFail(Invoice, inv.id)).isAnnulled).toBe(false);

      const done = await admin.post(path, { reason: 'RTN <equivocado>', confirm: '1' });
      expect(done.status).toBe(303);
      expect(await c.t.orm.em.fork().findOneOrFail(Invoice, inv.id)).toMatchObject({ isAnnulled: true, annulReason: 'RTN <equivocado>' });
    });

    it("lists in a note's confirmation the notes issued on the invoice in the last 10 minutes", async () => {
      const inv = await issue();
      await admin.get(`${base()}/invoices/${inv.id}`);
      const path = `${base()}/invoices/${inv.id}/debit-notes`;
      const fields = { description: 'Flete', amount: '50', rate: '15', reason: 'Flete a domicilio', key: 'f-debito-1' };
      const first = await admin.post(path, fields);
      expect(first.status).toBe(200);
      expect(first.text).toContain('No se emitió ninguna nota sobre esta factura en los últimos 10 minutos.');
      expect(await c.t.orm.em.fork().count(Note, { invoice: inv.id })).toBe(0);
      const issued = await admin.post(path, { ...fields, confirm: '1' });
      expect(issued.status).toBe(303);
      const note = await c.t.orm.em.fork().findOneOrFail(Note, { invoice: inv.id });

      // Back, and the form sent again with a new key: the confirmation shows the note just issued.
      const again = await admin.post(path, { ...fields, key: 'f-debito-2' });
      expect(again.status).toBe(200);
      expect(again.text).toContain(note.fiscalNumber);
      expect(await c.t.orm.em.fork().count(Note, { invoice: inv.id })).toBe(1);
      // Ten minutes later it is no longer recent.
      c.advance(11 * 60 * 1000);
      const later = await admin.post(path, { ...fields, key: 'f-debito-3' });
      expect(later.text).not.toContain(note.fiscalNumber);
    });

    it('asks before revoking a key and before cancelling a CAI', async () => {
      const issued = await admin.post(`${base()}/keys`);
      // The key just issued (the last listed), not the one the company's sales use.
      const revoke = [...issued.text.matchAll(/action="(\/companies\/[^"]+\/keys\/(\d+)\/revoke)"/g)].at(-1)!;
      const before = await record();
      const asked = await admin.post(revoke[1]);
      expect(asked.status).toBe(200);
      expect(asked.text).toContain('¿Revocar la llave');
      expect(await record()).toBe(before);
      expect((await admin.post(revoke[1], { confirm: '1' })).status).toBe(303);
      expect((await c.t.orm.em.fork().findOneOrFail(ApiKey, Number(revoke[2]))).revokedAt).not.toBeNull();

      const cai = caiOf('e');
      const other = await setUpCompany(c.t, setupWithRanges([{ cai, rangeStart: 1, rangeEnd: 100, deadline: FAR }], uniqueCode('G')));
      await admin.get(`/companies/${other.code}`);
      const cancel = `/companies/${other.code}/cai/cancel`;
      const checked = await record();
      const ask = await admin.post(cancel, { cai, reason: 'Resolución SAR 1' });
      expect(ask.status).toBe(200);
      expect(ask.text).toContain(`¿Cancelar el CAI ${cai}?`);
      expect(await record()).toBe(checked);
      expect((await admin.post(cancel, { cai, reason: 'Resolución SAR 1', confirm: '1' })).status).toBe(303);
      expect((await c.t.orm.em.fork().find(CaiRange, { cai })).every((r) => r.cancelledAt !== null)).toBe(true);
    });
  });

  describe('refused forms', () => {
    it('shows a refused note again with what was typed and the refusal in Spanish by the field, changing nothing', async () => {
      const inv = await issue();
      await admin.get(`${base()}/invoices/${inv.id}`);
      const path = `${base()}/invoices/${inv.id}/credit-notes`;
      const typed = { kind: 'return', return_1: '3', reason: 'Devolución <parcial>', key: 'f-credito-1', confirm: '1' };
      const before = await record();
      const res = await admin.post(path, typed);
      expect(res.status).toBe(409);
      expect(await record()).toBe(before);
      // The invoice's page again, its credit form as typed.
      expect(res.text).toContain(`Factura ${inv.fiscalNumber}`);
      expect(res.text).toMatch(/name="reason" value="Devolución &lt;parcial>"/);
      expect(res.text).toMatch(/name="return_1" value="3"/);
      expect(res.text).toMatch(/name="kind" value="return"[^>]*checked/);
      expect(res.text).toContain('La nota acredita más de lo que queda de la factura');
      expect(res.text).toContain('Línea 1: quedan 2 por devolver.');
      expect(res.text).toMatch(/<small class="muted">\(NOTE_LIMIT_EXCEEDED\)<\/small>/);
      // The refused field is marked and described by the sentence.
      expect(res.text).toMatch(/id="credit-return_1-problema"/);
      expect(res.text).toMatch(/name="return_1"[^>]*aria-invalid="true"/);
    });

    it('refuses an empty reason by its field, in Spanish, without English or option names', async () => {
      const inv = await issue();
      await admin.get(`${base()}/invoices/${inv.id}`);
      const before = await record();
      const res = await admin.post(`${base()}/invoices/${inv.id}/debit-notes`, {
        description: 'Flete',
        amount: '50',
        rate: '15',
        reason: '   ',
        key: 'f-vacio',
      });
      expect(res.status).toBe(400);
      expect(await record()).toBe(before);
      expect(res.text).toContain('Escriba el motivo de la nota: de 1 a 255 caracteres.');
      expect(res.text).toMatch(/name="description" value="Flete"/);
      expect(res.text).not.toMatch(/must be|--reason|--amount/);
    });

    it.each(['1,500.00', '1500.00', 'L 1,500.00'])('takes the amount %s as the console prints it', async (amount) => {
      const inv = await issue();
      await admin.get(`${base()}/invoices/${inv.id}`);
      const fields = { description: 'Instalación', amount, rate: '15', reason: 'Cargo de instalación', key: `f-monto-${amount}` };
      expect((await admin.post(`${base()}/invoices/${inv.id}/debit-notes`, fields)).status).toBe(200);
      const res = await admin.post(`${base()}/invoices/${inv.id}/debit-notes`, { ...fields, confirm: '1' });
      expect(res.status).toBe(303);
      const note = await c.t.orm.em.fork().findOneOrFail(Note, { invoice: inv.id }, { populate: ['lines'] });
      expect(Number(note.lines[0].unitPrice)).toBe(1500);
    });

    it.each(['-5', '1.005', 'mil'])('refuses the amount %s in Spanish beside the field, keeping it', async (amount) => {
      const inv = await issue();
      await admin.get(`${base()}/invoices/${inv.id}`);
      const before = await record();
      const res = await admin.post(`${base()}/invoices/${inv.id}/debit-notes`, {
        description: 'Flete',
        amount,
        rate: '15',
        reason: 'Flete',
        key: 'f-malo',
      });
      expect(res.status).toBe(400);
      expect(await record()).toBe(before);
      expect(res.text).toContain('Escriba un monto mayor que cero, con a lo sumo dos decimales');
      expect(res.text).toContain(`name="amount" value="${amount}"`);
      expect(res.text).toContain('(VALIDATION_FAILED)');
    });

    it('refuses a CAI cancellation on the company page, in Spanish beside its field, the reason typed kept', async () => {
      const cai = caiOf('k');
      const other = await setUpCompany(c.t, setupWithRanges([{ cai, rangeStart: 1, rangeEnd: 100, deadline: FAR }], uniqueCode('K')));
      const cancel = `/companies/${other.code}/cai/cancel`;
      await admin.get(`/companies/${other.code}`);
      const before = await record();
      const noReason = await admin.post(cancel, { cai, reason: '  ' });
      expect(noReason.status).toBe(400);
      expect(await record()).toBe(before);
      expect(noReason.text).toContain(`<h2 id="cancelar-cai">`);
      expect(noReason.text).toContain('Escriba el motivo (la resolución del SAR): de 1 a 255 caracteres.');
      expect(noReason.text).toMatch(/id="cancel-reason"[^>]*aria-invalid="true"/);
      expect(noReason.text).toMatch(new RegExp(`<option value="${cai}" selected`));
      expect(noReason.text).not.toMatch(/must be|--reason/);

      expect((await admin.post(cancel, { cai, reason: 'Resolución SAR 7', confirm: '1' })).status).toBe(303);
      const cancelled = await record();
      const again = await admin.post(cancel, { cai, reason: 'Resolución SAR 7', confirm: '1' });
      expect(again.status).toBe(409);
      expect(await record()).toBe(cancelled);
      expect(again.text).toContain('Ese CAI ya estaba cancelado');
      expect(again.text).toContain('(CAI_ALREADY_CANCELLED)');
      expect(again.text).not.toContain('already cancelled');
    });

    it('answers what no form can take back on the refusal page: Spanish first, the English small, a way back to the form', async () => {
      const inv = await issue();
      const page = `${base()}/invoices/${inv.id}`;
      await admin.get(page);
      // A token that is not the session's: nothing the form's fields can fix.
      const res = await admin.post(`${page}/annul`, { reason: 'Error', _page: page }, 'not-the-token');
      expect(res.status).toBe(403);
      const alert = /<div class="error" role="alert">(.*?)<\/div>/s.exec(res.text)?.[1] ?? '';
      expect(alert).toMatch(/^<p>El formulario caducó[^<]*<\/p>/);
      expect(alert).toMatch(/<p><small class="muted">Para soporte: <code>CSRF_TOKEN_INVALID<\/code> · [^<]+<\/small><\/p>$/);
      expect(res.text).toContain(`<a href="${page}">Volver al formulario</a>`);
    });
  });

  describe('sessions and sign-in', () => {
    it("says that the session ended on a POST after it, changes nothing, and leads back to the form's page after signing in", async () => {
      const inv = await issue();
      const browser = c.client();
      expect((await browser.signIn('admin@formas.hn', adminPassword)).status).toBe(303);
      const page = `${base()}/invoices/${inv.id}`;
      const shown = await browser.get(page);
      // Every form says which page it is on.
      expect(shown.text).toContain(`name="_page" value="${page}"`);
      c.advance(31 * 60 * 1000);
      const before = await record();
      const res = await browser.post(`${page}/annul`, { reason: 'Error en el RTN', _page: page, confirm: '1' });
      expect(res.status).toBe(401);
      expect(await record()).toBe(before);
      expect(res.text).toContain('Su sesión terminó');
      expect(res.text).not.toContain('El formulario caducó');
      expect(res.text).toContain(`href="/login?next=${encodeURIComponent(page)}"`);
      // A form without its page (written by hand): the page that shows the form posting there.
      const bare = await browser.post(`${page}/debit-notes`, { reason: 'x' });
      expect(bare.status).toBe(401);
      expect(bare.text).toContain(`href="/login?next=${encodeURIComponent(page)}"`);

      const login = await browser.get(`/login?next=${encodeURIComponent(page)}`);
      expect(login.text).toContain(`name="next" value="${page}"`);
      const signedIn = await browser.post('/login', { email: 'admin@formas.hn', password: adminPassword, next: page });
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.location).toBe(page);
      expect((await c.t.orm.em.fork().findOneOrFail(Invoice, inv.id)).isAnnulled).toBe(false);
    });

    it('keeps the e-mail typed in the sign-in form after a failure', async () => {
      const browser = c.client();
      await browser.get('/login');
      const res = await browser.post('/login', { email: 'admin@formas.hn', password: 'not the password' });
      expect(res.status).toBe(401);
      expect(res.text).toMatch(/<input id="email" name="email" type="email" autocomplete="username" value="admin@formas.hn"/);
      const escaped = await browser.post('/login', { email: '"><b>x', password: 'not the password' });
      expect(escaped.text).toContain('value="&quot;>&lt;b>x"');
    });
  });

  describe('lists', () => {
    // The session tests moved the clock past every session's idle limit.
    beforeAll(async () => {
      admin = c.client();
      expect((await admin.signIn('admin@formas.hn', adminPassword)).status).toBe(303);
    });

    it('filters invoices by state, shows how many it lists with their total and ISV, and exports exactly that list', async () => {
      const live = await issue();
      const annulled = await issue();
      await admin.get(`${base()}/invoices/${annulled.id}`);
      expect((await admin.post(`${base()}/invoices/${annulled.id}/annul`, { reason: 'Error', confirm: '1' })).status).toBe(303);
      const anuladas = await admin.get(`${base()}/invoices?state=ANULADA`);
      expect(anuladas.status).toBe(200);
      expect(anuladas.text).toContain(annulled.fiscalNumber);
      expect(anuladas.text).not.toContain(live.fiscalNumber);
      const count = await c.t.orm.em.fork().count(Invoice, { company: company.companyId, isAnnulled: true });
      // CART: 343.10 each, ISV 30.00 + 17.25.
      expect(anuladas.text).toMatch(new RegExp(`<dt>Facturas</dt><dd>${count}</dd>`));
      expect(anuladas.text).toContain(`<dt>Total</dt><dd>L ${(343.1 * count).toLocaleString('en-US', { minimumFractionDigits: 2 })}</dd>`);
      expect(anuladas.text).toContain(`<dt>ISV</dt><dd>L ${(47.25 * count).toFixed(2)}</dd>`);
      expect(anuladas.text).toContain(`href="${base()}/invoices?state=ANULADA&amp;format=csv"`);
      const vigentes = await admin.get(`${base()}/invoices?state=VIGENTE`);
      expect(vigentes.text).toContain(live.fiscalNumber);
      expect(vigentes.text).not.toContain(annulled.fiscalNumber);

      const csv = await admin.get(`${base()}/invoices?state=ANULADA&format=csv`);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="facturas-.*\.csv"$/);
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe('Número,Fecha,Cliente,RTN,Total,ISV,Estado,Acreditado');
      expect(lines).toHaveLength(count + 1);
      expect(lines.slice(1).every((l) => l.includes(',ANULADA,'))).toBe(true);
      expect(csv.text).toContain(`${annulled.fiscalNumber},`);
      const xlsx = await admin.download(`${base()}/invoices?q=${live.fiscalNumber}&format=xlsx`);
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect((xlsx.body as Buffer).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');

      const bad = await admin.get(`${base()}/invoices?state=PAGADA`);
      expect(bad.status).toBe(400);
      expect((await admin.get(`${base()}/invoices?format=pdf`)).status).toBe(400);
    });

    it('lists the notes of a company with the same search, totals and export', async () => {
      const inv = await issue();
      await admin.get(`${base()}/invoices/${inv.id}`);
      const fields = { description: 'Flete', amount: '100', rate: '15', reason: 'Flete', key: 'f-lista-1', confirm: '1' };
      expect((await admin.post(`${base()}/invoices/${inv.id}/debit-notes`, fields)).status).toBe(303);
      const note = await c.t.orm.em.fork().findOneOrFail(Note, { invoice: inv.id });
      const list = await admin.get(`${base()}/notes?q=${note.fiscalNumber}`);
      expect(list.status).toBe(200);
      expect(list.text).toContain(`href="${base()}/notes/${note.id}"`);
      expect(list.text).toContain(inv.fiscalNumber);
      expect(list.text).toContain('<dt>Notas</dt><dd>1</dd>');
      expect(list.text).toContain('<dt>Total</dt><dd>L 115.00</dd>');
      expect(list.text).toContain('<dt>ISV</dt><dd>L 15.00</dd>');
      expect((await admin.get(`${base()}/notes?state=ANULADA&q=${note.fiscalNumber}`)).text).toContain('Ninguna nota coincide');
      const csv = await admin.get(`${base()}/notes?q=${note.fiscalNumber}&format=csv`);
      expect(csv.text).toContain(`${note.fiscalNumber},Nota de débito,${inv.fiscalNumber},`);
      // A note is found by its own document code, not an invoice's.
      expect((await admin.get(`${base()}/notes?q=01-00000001`)).status).toBe(400);
    });
  });

  describe('the activity trail', () => {
    it('reads as sentences in Spanish and filters by action, operator and dates', async () => {
      admin = c.client();
      expect((await admin.signIn('admin@formas.hn', adminPassword)).status).toBe(303);
      const inv = await issue();
      await admin.get(`${base()}/invoices/${inv.id}`);
      expect((await admin.post(`${base()}/invoices/${inv.id}/annul`, { reason: 'RTN equivocado', confirm: '1' })).status).toBe(303);
      const annulled = await admin.get(`${base()}/invoices/${inv.id}`);
      // The annulled invoice's page: the reason, when and who.
      expect(annulled.text).toMatch(
        /<dt>Motivo<\/dt><dd>RTN equivocado<\/dd><dt>Cuándo<\/dt><dd>\d\d\/\d\d\/\d{4} \d\d:\d\d<\/dd><dt>Quién<\/dt><dd>admin@formas.hn<\/dd>/,
      );

      const page = await admin.get('/activity?action=invoice-annulled&actor=admin@formas.hn');
      expect(page.status).toBe(200);
      expect(page.text).toContain(`admin@formas.hn anuló la factura ${inv.fiscalNumber}.`);
      expect(page.text).toContain('Motivo: RTN equivocado.');
      expect(page.text).not.toContain('inició sesión');
      expect((await admin.get('/activity?action=sign-in')).text).toContain('admin@formas.hn inició sesión.');
      expect((await admin.get('/activity?actor=nadie@formas.hn')).text).toContain('No hay actividad registrada');
      expect((await admin.get('/activity?from=2000-01-01&to=2000-01-31')).text).toContain('No hay actividad registrada');
      // A refused filter comes back as typed, the reason in Spanish beside its field, nothing listed.
      const badAction = await admin.get('/activity?action=borrar-todo&actor=admin@formas.hn');
      expect(badAction.status).toBe(400);
      expect(badAction.text).toMatch(/<p class="field-problem" id="[^"]*action[^"]*">[^<]*Elija una de las acciones de la lista/);
      expect(badAction.text).toContain('value="admin@formas.hn"');
      expect(badAction.text).toContain('Corrija los filtros para ver la actividad.');
      expect(badAction.text).not.toContain('inició sesión.');
      // A day that is not in the calendar, likewise, with the code for support.
      const badDay = await admin.get('/activity?from=2026-02-30&to=2026-03-31');
      expect(badDay.status).toBe(400);
      expect(badDay.text).toMatch(/<p class="field-problem" id="[^"]*from[^"]*">[^<]*Escriba la fecha inicial/);
      expect(badDay.text).toMatch(/<input id="from" name="from" type="date" value="2026-02-30" aria-invalid="true"/);
      expect(badDay.text).toContain('value="2026-03-31"');
      expect(badDay.text).toContain('VALIDATION_FAILED');
    });
  });
});
