import type { Container } from 'inversify';
import { Fragment } from 'preact';
import { useContext } from 'preact/hooks';
import { AppError } from '../../domain/app-error';
import { readPageNumber } from '../../domain/page-number';
import { ClientEditor, ClientExonerationService, ClientList, type ClientChanges, type ClientRow } from '../../services/sales';
import { type VisibleCompany } from '../../services/access';
import { companyPath } from '../company-paths';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { actorOf, companyOf, formField, pathId } from '../page-tools';
import { type FieldOfRefusal, type FieldSentences, formEchoOf } from '../form-refusal';
import { formPageOf } from '../form-page';
import { renderPage } from '../render';
import { isConfirmed, renderConfirmation } from '../views/confirmation';
import { Crumbs } from '../views/crumbs';
import { DataTable } from '../views/data-table';
import { formatDay } from '../views/format';
import { Pager } from '../views/pager';
import { FieldProblem, FormEchoContext, FormProblem, type RefusedForm, useRefused, useTyped } from '../views/form-echo';
import { PostForm } from '../views/post-form';

/** A refused form as the page shows it again (formEchoOf's answer). */

/** Each client's exoneration form has its own name, so that only the refused one comes back filled in. */
const exonerationForm = (clientId: number) => `exoneracion-${clientId}`;

/** What each field of the exoneration form takes, beside it when refused. */
const EXONERATION_SENTENCES: FieldSentences = {
  certificate: 'Escriba el número de constancia, el registro SAG o ambos: al menos uno, de 1 a 64 caracteres cada uno.',
  sagRegistry: 'Escriba el registro SAG con 1 a 64 caracteres, o déjelo vacío si escribió la constancia.',
  validUntil: 'Escriba el último día en que vale la exoneración (día, mes y año).',
};

/** The exoneration service names its fields in words: the date, the SAG registry, the certificate (or both). */
const exonerationField: FieldOfRefusal = ({ message }) =>
  /valid-until/.test(message)
    ? 'validUntil'
    : /SAG registry/.test(message)
      ? 'sagRegistry'
      : /certificate/.test(message)
        ? 'certificate'
        : null;

function Exoneration({ client }: { client: ClientRow }) {
  if (client.exonerationValidUntil === null) return <span class="muted">no exonerado</span>;
  const references = [
    client.exonerationCertificate && `Constancia ${client.exonerationCertificate}`,
    client.exonerationSagRegistry && `Registro SAG ${client.exonerationSagRegistry}`,
  ].filter(Boolean);
  return (
    <>
      {references.join(' · ')} <span class="muted">hasta {formatDay(client.exonerationValidUntil)}</span>
    </>
  );
}

/** The exoneration form's fields: its name, label, input type and the client's stored value. */
const EXONERATION_FIELDS = [
  { name: 'certificate', label: 'No. de Constancia del Registro de Exonerados', stored: (c: ClientRow) => c.exonerationCertificate },
  { name: 'sagRegistry', label: 'No. de Registro SAG', stored: (c: ClientRow) => c.exonerationSagRegistry },
  { name: 'validUntil', label: 'Válida hasta (inclusive)', stored: (c: ClientRow) => c.exonerationValidUntil, date: true },
] as const;

function ClientActions({ company, client }: { company: VisibleCompany; client: ClientRow }) {
  const base = companyPath(company.code, 'clients', client.id, 'exoneration');
  const form = exonerationForm(client.id);
  const echo = useContext(FormEchoContext);
  const refusedHere = echo?.form === form;
  const typed = useTyped(form);
  const refused = useRefused(form);
  return (
    <details open={refusedHere}>
      <summary>Exoneración de {client.clientName}</summary>
      <PostForm action={base} class="stack">
        {EXONERATION_FIELDS.map((field) => (
          <Fragment key={field.name}>
            <label for={`${form}-${field.name}`}>{field.label}</label>
            <FieldProblem form={form} name={field.name} />
            <input
              id={`${form}-${field.name}`}
              name={field.name}
              // The stored value, or what was typed when this form came back refused.
              value={refusedHere ? typed(field.name) : (field.stored(client) ?? '')}
              {...('date' in field ? { type: 'date', required: true } : { maxLength: 64 })}
              {...refused(field.name)}
            />
          </Fragment>
        ))}
        <button class="primary" type="submit">
          Guardar exoneración
        </button>
      </PostForm>
      {client.exonerationValidUntil !== null && (
        <PostForm action={`${base}/clear`}>
          <button class="danger" type="submit">
            Quitar la exoneración
          </button>
        </PostForm>
      )}
    </details>
  );
}

/**
 * A refused exoneration, above the list: its form sits in the table's last column, which a phone
 * shows only after scrolling the table sideways; the link leads to the field.
 */
function ExonerationProblem() {
  const echo = useContext(FormEchoContext);
  return echo ? <FormProblem form={echo.form} /> : null;
}

/** The client's fields as the form names and shows them: the API's field names, Spanish labels. */
const FIELDS = [
  { name: 'clientName', label: 'Nombre o razón social', required: true, max: 255, inputMode: 'text' },
  { name: 'email', label: 'Correo electrónico', required: true, max: 255, inputMode: 'email' },
  { name: 'legalId', label: 'RTN (14 dígitos; vacío si no tiene)', required: false, max: 32, inputMode: 'numeric' },
  { name: 'phone', label: 'Teléfono (vacío si no tiene)', required: false, max: 32, inputMode: 'tel' },
  { name: 'address', label: 'Dirección (vacía si no tiene)', required: false, max: 255, inputMode: 'text' },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];

/** What each field of the client's form takes, beside it when refused. */
const CLIENT_SENTENCES: FieldSentences = {
  clientName: 'Escriba el nombre o la razón social: de 1 a 255 caracteres.',
  email: 'Escriba un correo electrónico completo, como compras@empresa.hn (hasta 255 caracteres).',
  legalId: 'El RTN debe tener exactamente 14 dígitos, no todos iguales; déjelo vacío si el cliente no tiene.',
  phone: 'Escriba el teléfono con hasta 32 caracteres, o déjelo vacío.',
  address: 'Escriba la dirección con hasta 255 caracteres, o déjela vacía.',
};

/** An RTN refused by its own codes (its form, or another client holding it) is the RTN field's. */
const clientField: FieldOfRefusal = ({ code }) => (code === 'INVALID_RTN_FORMAT' || code === 'UQ_CLIENT_CODE_COMPANY' ? 'legalId' : null);
type FormValues = Record<FieldName, string>;

/**
 * The form as a change of every field: the form always shows them all, so an empty optional
 * field clears it (null) and a required one left empty is refused by the service's rule.
 */
function changesOf(values: FormValues): ClientChanges {
  const optional = (value: string) => (value === '' ? null : value);
  return {
    clientName: values.clientName,
    email: values.email,
    legalId: optional(values.legalId),
    phone: optional(values.phone),
    address: optional(values.address),
  };
}

/** The client's page: its fields to correct, and the deletion, which asks for a confirmation first. */
function ClientForm({ company, clientId, values }: { company: VisibleCompany; clientId: number; values: FormValues }) {
  const path = companyPath(company.code, 'clients', clientId);
  const refused = useRefused('client');
  return (
    <>
      <Crumbs company={company} trail={[{ href: companyPath(company.code, 'clients'), label: 'Clientes' }]} />
      <h1>Cliente {clientId}</h1>
      <p>
        Los documentos ya emitidos conservan el cliente con que se imprimieron; los cambios se aplican a los documentos que se emitan
        después.
      </p>
      <FormProblem form="client" />
      <PostForm action={path} class="stack">
        {FIELDS.map((field) => (
          <Fragment key={field.name}>
            <label for={`client-${field.name}`}>{field.label}</label>
            <FieldProblem form="client" name={field.name} />
            <input
              id={`client-${field.name}`}
              name={field.name}
              inputMode={field.inputMode}
              value={values[field.name]}
              maxLength={field.max}
              required={field.required}
              {...refused(field.name)}
            />
          </Fragment>
        ))}
        <button class="primary" type="submit">
          Guardar cambios
        </button>
      </PostForm>
      <h2>Eliminar el cliente</h2>
      <p>Se le pedirá confirmar antes de eliminarlo.</p>
      <PostForm action={`${path}/delete`}>
        <button class="danger" type="submit">
          Eliminar el cliente
        </button>
      </PostForm>
    </>
  );
}

/** The deepest page of the console's client list: 99,999 pages of 50 is more clients than any company has. */
const MAX_CLIENTS_PAGE = 99_999;

/**
 * `/companies/{code}/clients`: the company's clients and their exoneration, which `admin client
 * exonerate` and `clear-exoneration` set, through the same service, as the signed-in operator;
 * `/companies/{code}/clients/{id}`: one client, corrected or deleted as `admin client update` and
 * `delete` do (a deletion after a confirmation page). Accountants of the company and
 * administrators alike.
 */
export function registerClientsPages(router: ConsoleRouter, container: Container): void {
  const clients = container.get(ClientList);
  const exoneration = container.get(ClientExonerationService);
  const editor = container.get(ClientEditor);

  /** The list's page `raw`; with `echo`, the exoneration form refused comes back filled in, with the refusal's status. */
  const showList = async (ctx: ConsoleContext, company: VisibleCompany, raw: string, echo?: RefusedForm) => {
    const read = readPageNumber(raw, MAX_CLIENTS_PAGE);
    if ('refused' in read) throw new AppError('VALIDATION_FAILED', `page: "${raw}" is not a page number (1, 2, 3...)`);
    const { page } = read;
    const { rows, hasNext } = await clients.page(company.id, page);
    const base = companyPath(company.code, 'clients');
    renderPage(ctx, {
      title: `Clientes de ${company.code}`,
      echo,
      body: (
        <>
          <Crumbs company={company} />
          <h1>Clientes</h1>
          <ExonerationProblem />
          {rows.length === 0 ? (
            <p>La empresa no tiene clientes en esta página.</p>
          ) : (
            <DataTable caption={`Clientes por nombre (página ${page})`} columns={['Id', 'Cliente', 'RTN', 'Exoneración', 'Cambiar']}>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td>{c.id}</td>
                  <td>
                    <a href={companyPath(company.code, 'clients', c.id)}>{c.clientName}</a>
                  </td>
                  <td>{c.legalId ?? '—'}</td>
                  <td>
                    <Exoneration client={c} />
                  </td>
                  <td>
                    <ClientActions company={company} client={c} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
          <Pager page={page} hasNext={hasNext} href={(n) => `${base}?page=${n}`} />
        </>
      ),
    });
  };

  router.get('/companies/:code/clients', async (ctx) => {
    const company = companyOf(ctx);
    await showList(ctx, company, typeof ctx.query.page === 'string' ? ctx.query.page : '1');
  });

  const showClient = (ctx: ConsoleContext, company: VisibleCompany, clientId: number, values: FormValues, echo?: RefusedForm) =>
    renderPage(ctx, {
      title: `Cliente ${clientId} de ${company.code}`,
      echo,
      body: (
        <>
          <ClientForm company={company} clientId={clientId} values={values} />
        </>
      ),
    });

  router.get('/companies/:code/clients/:id', async (ctx) => {
    const company = companyOf(ctx);
    const client = await editor.find(company, pathId(ctx));
    const values = Object.fromEntries(FIELDS.map(({ name }) => [name, client[name] ?? ''])) as FormValues;
    showClient(ctx, company, client.id, values);
  });

  router.post('/companies/:code/clients/:id', async (ctx) => {
    const company = companyOf(ctx);
    const clientId = pathId(ctx);
    const values = Object.fromEntries(FIELDS.map(({ name }) => [name, formField(ctx, name)])) as FormValues;
    try {
      await editor.update(actorOf(ctx), company, clientId, changesOf(values));
    } catch (err) {
      // A refused form comes back with what was typed; a client out of reach is the error page's 404.
      const echo = formEchoOf(err, 'client', ctx.state.form, CLIENT_SENTENCES, clientField);
      if (echo === null || echo.status === 404) throw err;
      showClient(ctx, company, clientId, values, echo);
      return;
    }
    ctx.status = 303;
    ctx.redirect(companyPath(company.code, 'clients'));
  });

  router.post('/companies/:code/clients/:id/delete', async (ctx) => {
    const company = companyOf(ctx);
    const client = await editor.find(company, pathId(ctx));
    if (!isConfirmed(ctx)) {
      renderConfirmation(ctx, {
        title: `¿Eliminar el cliente ${client.clientName}?`,
        submit: 'Sí, eliminar el cliente',
        back: companyPath(company.code, 'clients', client.id),
        children: (
          <ul>
            <li>
              El cliente {client.id} ({client.clientName}
              {client.legalId ? `, RTN ${client.legalId}` : ''}) deja de existir para la API: no aparece en su lista y no se puede facturar
              a su nombre.
            </li>
            <li>Pierde su exoneración, si la tiene.</li>
            <li>Su RTN queda libre para un cliente nuevo.</li>
            <li>Sus facturas y notas ya emitidas no cambian.</li>
            <li>Esto no se puede deshacer desde la consola.</li>
          </ul>
        ),
      });
      return;
    }
    await editor.delete(actorOf(ctx), company, client.id, ctx.state.now);
    ctx.status = 303;
    ctx.redirect(companyPath(company.code, 'clients'));
  });

  router.post('/companies/:code/clients/:id/exoneration', async (ctx) => {
    const company = companyOf(ctx);
    const id = pathId(ctx);
    const optional = (name: string) => formField(ctx, name) || null;
    try {
      await exoneration.exonerate(
        actorOf(ctx),
        company,
        id,
        { certificate: optional('certificate'), sagRegistry: optional('sagRegistry') },
        formField(ctx, 'validUntil'),
      );
    } catch (err) {
      // The list again, at the page the form was on, that client's form as it was typed.
      const echo = formEchoOf(err, exonerationForm(id), ctx.state.form, EXONERATION_SENTENCES, exonerationField);
      if (echo === null || echo.status === 404) throw err;
      const listPage = new URL(formPageOf(ctx), 'http://console').searchParams.get('page') ?? '1';
      await showList(ctx, company, listPage, echo);
      return;
    }
    ctx.status = 303;
    ctx.redirect(companyPath(company.code, 'clients'));
  });

  router.post('/companies/:code/clients/:id/exoneration/clear', async (ctx) => {
    const company = companyOf(ctx);
    await exoneration.clear(actorOf(ctx), company, pathId(ctx));
    ctx.status = 303;
    ctx.redirect(companyPath(company.code, 'clients'));
  });
}
