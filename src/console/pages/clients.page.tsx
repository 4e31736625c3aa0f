import type { Container } from 'inversify';
import { AppError } from '../../domain/app-error';
import { readPageNumber } from '../../domain/page-number';
import { ClientExonerationService, ClientList, type ClientRow } from '../../services/sales';
import { OperatorAccess, type VisibleCompany } from '../../services/access';
import { companyPath } from '../company-paths';
import type { ConsoleRouter } from '../console-state';
import { actorOf, companyOf, formField, pathId } from '../page-tools';
import { renderPage } from '../render';
import { Crumbs } from '../views/crumbs';
import { DataTable } from '../views/data-table';
import { formatDay } from '../views/format';
import { Pager } from '../views/pager';
import { PostForm } from '../views/post-form';

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

/** The deepest page of the console's client list: 99,999 pages of 50 is more clients than any company has. */
const MAX_CLIENTS_PAGE = 99_999;

/**
 * `/companies/{code}/clients`: the company's clients and their exoneration, which `admin client
 * exonerate` and `clear-exoneration` set, through the same service, as the signed-in operator.
 */
export function registerClientsPages(router: ConsoleRouter, container: Container): void {
  const access = container.get(OperatorAccess);
  const clients = container.get(ClientList);
  const exoneration = container.get(ClientExonerationService);

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
                  <td>{c.clientName}</td>
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
