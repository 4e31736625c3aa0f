import type { Container } from 'inversify';
import { Fragment } from 'preact';
import { AppError } from '../../domain/app-error';
import { readPageNumber } from '../../domain/page-number';
import { errorStatus } from '../../domain/error-codes';
import { ClientEditor, ClientExonerationService, ClientList, type ClientChanges, type ClientRow } from '../../services/sales';
import { OperatorAccess, type VisibleCompany } from '../../services/access';
import { companyPath } from '../company-paths';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { actorOf, companyOf, formField, pathId } from '../page-tools';
import { errorMeaning } from '../error-meanings';
import { renderPage } from '../render';
import { isConfirmed, renderConfirmation } from '../views/confirmation';
import { Crumbs } from '../views/crumbs';
import { DataTable } from '../views/data-table';
import { formatDay } from '../views/format';
import { Pager } from '../views/pager';
import { PostForm } from '../views/post-form';
import { refusalOf, type Refusal } from '../../web/refusal';

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

function ClientActions({ company, client }: { company: VisibleCompany; client: ClientRow }) {
  const base = companyPath(company.code, 'clients', client.id, 'exoneration');
  return (
    <details>
      <summary>Exoneración de {client.clientName}</summary>
      <PostForm action={base} class="stack">
        <label for={`cert-${client.id}`}>No. de Constancia del Registro de Exonerados</label>
        <input id={`cert-${client.id}`} name="certificate" value={client.exonerationCertificate ?? ''} maxLength={64} />
        <label for={`sag-${client.id}`}>No. de Registro SAG</label>
        <input id={`sag-${client.id}`} name="sagRegistry" value={client.exonerationSagRegistry ?? ''} maxLength={64} />
        <label for={`until-${client.id}`}>Válida hasta (inclusive)</label>
        <input id={`until-${client.id}`} name="validUntil" type="date" value={client.exonerationValidUntil ?? ''} required />
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

/** The client's fields as the form names and shows them: the API's field names, Spanish labels. */
const FIELDS = [
  { name: 'clientName', label: 'Nombre o razón social', required: true, max: 255, inputMode: 'text' },
  { name: 'email', label: 'Correo electrónico', required: true, max: 255, inputMode: 'email' },
  { name: 'legalId', label: 'RTN (14 dígitos; vacío si no tiene)', required: false, max: 32, inputMode: 'numeric' },
  { name: 'phone', label: 'Teléfono (vacío si no tiene)', required: false, max: 32, inputMode: 'tel' },
  { name: 'address', label: 'Dirección (vacía si no tiene)', required: false, max: 255, inputMode: 'text' },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];
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
function ClientForm({
  company,
  clientId,
  values,
  refusal,
}: {
  company: VisibleCompany;
  clientId: number;
  values: FormValues;
  refusal: Pick<Refusal, 'code' | 'message'> | null;
}) {
  const path = companyPath(company.code, 'clients', clientId);
  return (
    <>
      <Crumbs company={company} trail={[{ href: companyPath(company.code, 'clients'), label: 'Clientes' }]} />
      <h1>Cliente {clientId}</h1>
      <p>
        Los documentos ya emitidos conservan el cliente con que se imprimieron; los cambios se aplican a los documentos que se emitan
        después.
      </p>
      {refusal && (
        <div class="error" role="alert" id="client-refusal">
          <p>{errorMeaning(refusal.code, errorStatus(refusal.code))} No se cambió nada.</p>
          <p class="muted">
            <code>{refusal.code}</code>: {refusal.message}
          </p>
        </div>
      )}
      <PostForm action={path} class="stack">
        {FIELDS.map((field) => (
          <Fragment key={field.name}>
            <label for={`client-${field.name}`}>{field.label}</label>
            <input
              id={`client-${field.name}`}
              name={field.name}
              inputMode={field.inputMode}
              value={values[field.name]}
              maxLength={field.max}
              required={field.required}
              aria-describedby={refusal ? 'client-refusal' : undefined}
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
  const access = container.get(OperatorAccess);
  const clients = container.get(ClientList);
  const exoneration = container.get(ClientExonerationService);
  const editor = container.get(ClientEditor);

  router.get('/companies/:code/clients', async (ctx) => {
    const company = await companyOf(ctx, access);
    const raw = typeof ctx.query.page === 'string' ? ctx.query.page : '1';
    const read = readPageNumber(raw, MAX_CLIENTS_PAGE);
    if ('refused' in read) throw new AppError('VALIDATION_FAILED', `page: "${raw}" is not a page number (1, 2, 3...)`);
    const { page } = read;
    const { rows, hasNext } = await clients.page(company.id, page);
    const base = companyPath(company.code, 'clients');
    renderPage(ctx, {
      title: `Clientes de ${company.code}`,
      body: (
        <>
          <Crumbs company={company} />
          <h1>Clientes</h1>
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
  });

  const showClient = (ctx: ConsoleContext, company: VisibleCompany, clientId: number, values: FormValues, refusal: Refusal | null) =>
    renderPage(ctx, {
      title: `Cliente ${clientId} de ${company.code}`,
      status: refusal ? errorStatus(refusal.code) : 200,
      body: <ClientForm company={company} clientId={clientId} values={values} refusal={refusal} />,
    });

  router.get('/companies/:code/clients/:id', async (ctx) => {
    const company = await companyOf(ctx, access);
    const client = await editor.find(company, pathId(ctx));
    const values = Object.fromEntries(FIELDS.map(({ name }) => [name, client[name] ?? ''])) as FormValues;
    showClient(ctx, company, client.id, values, null);
  });

  router.post('/companies/:code/clients/:id', async (ctx) => {
    const company = await companyOf(ctx, access);
    const clientId = pathId(ctx);
    const values = Object.fromEntries(FIELDS.map(({ name }) => [name, formField(ctx, name)])) as FormValues;
    try {
      await editor.update(actorOf(ctx), company, clientId, changesOf(values));
    } catch (err) {
      // A refused form comes back with what was typed; a client out of reach is the error page's 404.
      const refusal = refusalOf(err);
      if (refusal === null || errorStatus(refusal.code) === 404) throw err;
      showClient(ctx, company, clientId, values, refusal);
      return;
    }
    ctx.status = 303;
    ctx.redirect(companyPath(company.code, 'clients'));
  });

  router.post('/companies/:code/clients/:id/delete', async (ctx) => {
    const company = await companyOf(ctx, access);
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
    const company = await companyOf(ctx, access);
    const id = pathId(ctx);
    const optional = (name: string) => formField(ctx, name) || null;
    await exoneration.exonerate(
      actorOf(ctx),
      company,
      id,
      { certificate: optional('certificate'), sagRegistry: optional('sagRegistry') },
      formField(ctx, 'validUntil'),
    );
    ctx.status = 303;
    ctx.redirect(companyPath(company.code, 'clients'));
  });

  router.post('/companies/:code/clients/:id/exoneration/clear', async (ctx) => {
    const company = await companyOf(ctx, access);
    await exoneration.clear(actorOf(ctx), company, pathId(ctx));
    ctx.status = 303;
    ctx.redirect(companyPath(company.code, 'clients'));
  });
}
