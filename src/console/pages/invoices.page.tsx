import type { Container } from 'inversify';
import { InvoiceSearch, type InvoiceSearchPage } from '../../services/sales';
import { OperatorAccess, type VisibleCompany } from '../../services/access';
import { companyPath } from '../company-paths';
import type { ConsoleRouter } from '../console-state';
import { companyOf } from '../page-tools';
import { renderPage } from '../render';
import { Crumbs } from '../views/crumbs';
import { DataTable } from '../views/data-table';
import { DocumentStatus } from '../views/document-tables';
import { formatDay, formatLempiras } from '../views/format';
import { Pager } from '../views/pager';
import { ANNULLED, buyerName } from '../../domain/document-words';

interface SearchQuery {
  q: string;
  from: string;
  to: string;
}

/** The query string of a search at another page; empty parts are left out. */
function pageHref(base: string, query: SearchQuery, page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== '') params.set(name, value);
  if (page > 1) params.set('page', String(page));
  const qs = params.toString();
  return qs === '' ? base : `${base}?${qs}`;
}

function SearchForm({ action, query }: { action: string; query: SearchQuery }) {
  return (
    <form method="get" action={action} class="search" role="search" aria-label="Buscar facturas">
      <div>
        <label for="q">Número, últimos dígitos, cliente o RTN</label>
        <input id="q" name="q" type="search" value={query.q} maxLength={100} />
      </div>
      <div>
        <label for="from">Desde</label>
        <input id="from" name="from" type="date" value={query.from} />
      </div>
      <div>
        <label for="to">Hasta</label>
        <input id="to" name="to" type="date" value={query.to} />
      </div>
      <button class="primary" type="submit">
        Buscar
      </button>
    </form>
  );
}

function ResultTable({ company, result }: { company: VisibleCompany; result: InvoiceSearchPage }) {
  if (result.rows.length === 0) return <p role="status">Ninguna factura coincide con la búsqueda.</p>;
  return (
    <DataTable
      caption={`Facturas, de la más reciente a la más antigua (página ${result.page})`}
      columns={['Número', 'Fecha', 'Cliente', { label: 'Total', num: true }, 'Estado', { label: 'Acreditado', num: true }]}
    >
      {result.rows.map((row) => (
        <tr key={row.id}>
          <td>
            <a href={companyPath(company.code, 'invoices', row.id)}>{row.fiscalNumber}</a>
          </td>
          <td>{formatDay(row.date)}</td>
          <td>
            {buyerName(row.clientName)}
            {row.clientRtn && <span class="muted"> · RTN {row.clientRtn}</span>}
          </td>
          <td class="num">{formatLempiras(row.total)}</td>
          <td>
            <DocumentStatus annulled={row.status === ANNULLED} />
          </td>
          <td class="num">{formatLempiras(row.credited)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * `/companies/{code}/invoices?q=&from=&to=&page=`: the company's invoices found by number (or its
 * last digits), client name or RTN within a Honduras period, 50 a page, newest first (decision 62).
 * A bad parameter is the refusal page naming it.
 */
export function registerInvoicesPage(router: ConsoleRouter, container: Container): void {
  const access = container.get(OperatorAccess);
  const search = container.get(InvoiceSearch);
  router.get('/companies/:code/invoices', async (ctx) => {
    const company = await companyOf(ctx, access);
    const text = (name: string) => (typeof ctx.query[name] === 'string' ? ctx.query[name] : '');
    const query: SearchQuery = { q: text('q').trim(), from: text('from').trim(), to: text('to').trim() };
    const result = await search.search(company.id, { ...query, page: text('page') });
    const base = companyPath(company.code, 'invoices');
    renderPage(ctx, {
      title: `Facturas de ${company.code}`,
      body: (
        <>
          <Crumbs company={company} />
          <h1>Facturas</h1>
          <SearchForm action={base} query={query} />
          <ResultTable company={company} result={result} />
          <Pager page={result.page} hasNext={result.hasNext} href={(n) => pageHref(base, query, n)} />
        </>
      ),
    });
  });
}
