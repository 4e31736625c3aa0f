import type { Container } from 'inversify';
import type { ComponentChildren } from 'preact';
import { ANNULLED, buyerName, LIVE } from '../../domain/document-words';
import { parseFormat, type ReportColumn, type ReportFormat, reportBytes } from '../../services/fiscal-reports';
import { type DocumentListing, InvoiceSearch, type InvoiceSearchRow, type NoteSearchRow, type SearchSummary } from '../../services/sales';
import { type VisibleCompany } from '../../services/access';
import { companyPath } from '../company-paths';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { type FieldSentences, formEchoOf } from '../form-refusal';
import { companyOf } from '../page-tools';
import { renderPage } from '../render';
import { Crumbs } from '../views/crumbs';
import { DataTable } from '../views/data-table';
import { DayRangeFields } from '../views/search-fields';
import { DocumentStatus } from '../views/document-tables';
import { DOCUMENT_TYPE_NAMES, formatDay, formatLempiras } from '../views/format';
import { FieldProblem, type RefusedForm, FormProblem, useRefused } from '../views/form-echo';
import { Pager } from '../views/pager';
import { sendReport } from './file-answers';

/** A list's query: what the search form sends, and what the pages and exports repeat. */
interface SearchQuery {
  q: string;
  from: string;
  to: string;
  state: string;
}

/** The query string of a list at another page, or as an export (`format`); empty parts are left out. */
function listHref(base: string, query: SearchQuery, extra: { page?: number; format?: ReportFormat } = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== '') params.set(name, value);
  if (extra.page !== undefined && extra.page > 1) params.set('page', String(extra.page));
  if (extra.format !== undefined) params.set('format', extra.format);
  const qs = params.toString();
  return qs === '' ? base : `${base}?${qs}`;
}

/** The search form's name for a refusal of it, and what each of its parts takes. */
const SEARCH = 'busqueda';
const SEARCH_SENTENCES: FieldSentences = {
  q: 'Escriba un número impreso de esta lista (o sus últimos dígitos, hasta 8), un RTN de 14 dígitos, o al menos 2 letras del nombre del cliente.',
  from: 'Escriba la fecha inicial (día, mes y año); no puede ser posterior a la fecha final.',
  to: 'Escriba la fecha final (día, mes y año).',
  state: 'Elija VIGENTE, ANULADA o Todos.',
  page: 'La página debe ser un número de 1 en adelante, dentro de las que la búsqueda muestra: acote las fechas para ir más lejos.',
  format: 'La exportación se pide como CSV o XLSX, con los enlaces de la lista.',
};

/** The search form; when a search was refused, its sentence beside the part it concerns (what was typed is the query itself). */
function SearchForm({ action, query, label }: { action: string; query: SearchQuery; label: string }) {
  const refused = useRefused(SEARCH);
  return (
    <form method="get" action={action} class="search" role="search" aria-label={label}>
      <FormProblem form={SEARCH} fieldIds={{ q: 'q', from: 'from', to: 'to', state: 'state' }} />
      <div>
        <label for="q">Número, últimos dígitos, cliente o RTN</label>
        <FieldProblem form={SEARCH} name="q" />
        <input id="q" name="q" type="search" value={query.q} maxLength={100} {...refused('q')} />
      </div>
      <DayRangeFields from={query.from} to={query.to} form={SEARCH} />
      <div>
        <label for="state">Estado</label>
        <FieldProblem form={SEARCH} name="state" />
        <select id="state" name="state" {...refused('state')}>
          <option value="">Todos</option>
          <option value={LIVE} selected={query.state.toUpperCase() === LIVE}>
            {LIVE}
          </option>
          <option value={ANNULLED} selected={query.state.toUpperCase() === ANNULLED}>
            {ANNULLED}
          </option>
        </select>
      </div>
      <button class="primary" type="submit">
        Buscar
      </button>
    </form>
  );
}

/** How many documents the search lists (all its pages), their total and ISV, and the exports of exactly that list. */
function Summary({ summary, noun, exportHref }: { summary: SearchSummary; noun: string; exportHref: (format: ReportFormat) => string }) {
  return (
    <section aria-label="Totales de la búsqueda">
      <dl class="totals">
        <div>
          <dt>{noun}</dt>
          <dd>{summary.count}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatLempiras(summary.total)}</dd>
        </div>
        <div>
          <dt>ISV</dt>
          <dd>{formatLempiras(summary.isv)}</dd>
        </div>
      </dl>
      <p>
        Descargar lo que se lista: <a href={exportHref('csv')}>CSV</a> · <a href={exportHref('xlsx')}>XLSX (Excel)</a>
      </p>
    </section>
  );
}

/** A list's columns, as the page shows them and the export writes them (one list of both). */
interface ListColumn<Row> {
  header: string;
  kind: ReportColumn['kind'];
  width?: number;
  cell(row: Row): string;
  shown?(row: Row, company: VisibleCompany): ComponentChildren;
}

/** The columns every document list has, in its order, after the number and what only its kind has. */
const DOCUMENT_COLUMNS: ListColumn<InvoiceSearchRow | NoteSearchRow>[] = [
  { header: 'Fecha', kind: 'text', cell: (r) => formatDay(r.date) },
  {
    header: 'Cliente',
    kind: 'text',
    width: 40,
    cell: (r) => buyerName(r.clientName),
    shown: (r) => (
      <>
        {buyerName(r.clientName)}
        {r.clientRtn && <span class="muted"> · RTN {r.clientRtn}</span>}
      </>
    ),
  },
  { header: 'RTN', kind: 'text', width: 16, cell: (r) => r.clientRtn ?? '' },
  { header: 'Total', kind: 'amount', cell: (r) => r.total },
  { header: 'ISV', kind: 'amount', cell: (r) => r.isv },
  {
    header: 'Estado',
    kind: 'text',
    cell: (r) => r.status,
    shown: (r) => <DocumentStatus annulled={r.status === ANNULLED} />,
  },
];

/** The printed number, linked to the document's page under `kind` ('invoices' or 'notes'). */
function numberColumn<R extends { id: number; fiscalNumber: string }>(kind: 'invoices' | 'notes'): ListColumn<R> {
  return {
    header: 'Número',
    kind: 'text',
    width: 22,
    cell: (r) => r.fiscalNumber,
    shown: (r, company) => <a href={companyPath(company.code, kind, r.id)}>{r.fiscalNumber}</a>,
  };
}

const INVOICE_COLUMNS: ListColumn<InvoiceSearchRow>[] = [
  numberColumn('invoices'),
  ...DOCUMENT_COLUMNS,
  { header: 'Acreditado', kind: 'amount', cell: (r) => r.credited },
];

const NOTE_COLUMNS: ListColumn<NoteSearchRow>[] = [
  numberColumn('notes'),
  { header: 'Tipo', kind: 'text', width: 16, cell: (r) => DOCUMENT_TYPE_NAMES[r.documentType] },
  { header: 'Factura', kind: 'text', width: 22, cell: (r) => r.invoiceFiscalNumber },
  ...DOCUMENT_COLUMNS,
];

/** The page's table: every column but the RTN, which the client's cell already shows. */
function ResultTable<Row extends { id: number }>({
  company,
  rows,
  columns,
  caption,
  none,
}: {
  company: VisibleCompany;
  rows: Row[];
  columns: ListColumn<Row>[];
  caption: string;
  none: string;
}) {
  if (rows.length === 0) return <p role="status">{none}</p>;
  const shown = columns.filter((c) => c.header !== 'RTN');
  return (
    <DataTable caption={caption} columns={shown.map((c) => (c.kind === 'amount' ? { label: c.header, num: true as const } : c.header))}>
      {rows.map((row) => (
        <tr key={row.id}>
          {shown.map((c) =>
            c.kind === 'amount' ? (
              <td key={c.header} class="num">
                {formatLempiras(c.cell(row))}
              </td>
            ) : (
              <td key={c.header}>{c.shown ? c.shown(row, company) : c.cell(row)}</td>
            ),
          )}
        </tr>
      ))}
    </DataTable>
  );
}

/** A list's query as the request gives it. */
function queryOf(ctx: ConsoleContext): SearchQuery & { page: string; format: string } {
  const text = (name: string) => (typeof ctx.query[name] === 'string' ? ctx.query[name].trim() : '');
  return { q: text('q'), from: text('from'), to: text('to'), state: text('state'), page: text('page'), format: text('format') };
}

/** What a list is: its path, its words, its columns, and the search's reads of its documents. */
interface DocumentList<Row extends { id: number }> {
  path: 'invoices' | 'notes';
  title: string;
  noun: string;
  none: string;
  file: string;
  columns: ListColumn<Row>[];
  listing: DocumentListing<Row>;
}

function registerList<Row extends { id: number }>(router: ConsoleRouter, list: DocumentList<Row>): void {
  router.get(`/companies/:code/${list.path}`, async (ctx) => {
    const company = companyOf(ctx);
    const { page, format, ...query } = queryOf(ctx);
    const base = companyPath(company.code, list.path);
    const show = (body: ComponentChildren, echo?: RefusedForm) =>
      renderPage(ctx, {
        title: `${list.title} de ${company.code}`,
        echo,
        body: (
          <>
            <Crumbs company={company} />
            <h1>{list.title}</h1>
            <SearchForm action={base} query={query} label={`Buscar ${list.title.toLowerCase()}`} />
            {body}
          </>
        ),
      });
    try {
      if (format !== '') {
        // The export of what the page lists: the same query, every page of it.
        const chosen = parseFormat(format, 'format');
        const all = list.listing.all(company.id, query);
        const rows = (async function* () {
          for await (const row of all) yield list.columns.map((c) => c.cell(row));
        })();
        const bytes = await reportBytes(
          { title: list.title, columns: list.columns.map(({ header, kind, width }) => ({ header, kind, width })), rows },
          chosen,
        );
        sendReport(ctx, `${list.file}-${company.code}`, chosen, bytes);
        return;
      }
      const result = await list.listing.page(company.id, { ...query, page });
      const summary = await list.listing.summary(company.id, query);
      show(
        <>
          <Summary summary={summary} noun={list.noun} exportHref={(f) => listHref(base, query, { format: f })} />
          <ResultTable
            company={company}
            rows={result.rows}
            columns={list.columns}
            none={list.none}
            caption={`${list.title}, de la más reciente a la más antigua (página ${result.page})`}
          />
          <Pager page={result.page} hasNext={result.hasNext} href={(n) => listHref(base, query, { page: n })} />
        </>,
      );
    } catch (err) {
      // A search refused comes back as typed, the reason beside the part it concerns; nothing is listed.
      const echo = formEchoOf(err, SEARCH, { ...query, page, format }, SEARCH_SENTENCES);
      if (echo === null) throw err;
      show(<p>Corrija la búsqueda para ver la lista.</p>, echo);
    }
  });
}

/**
 * `/companies/{code}/invoices?q=&from=&to=&state=&page=&format=` and the same for `/notes`: a
 * company's invoices, or its credit and debit notes, found by number (or its last digits), client
 * name or RTN within a Honduras period and by state (VIGENTE or ANULADA), 50 a page, newest first
 * (decision 62); how many the search finds with their total and ISV; `format=csv|xlsx` exports
 * everything the search finds, written as the fiscal reports are (decision 91). A refused search
 * comes back as typed with the reason in Spanish beside the part it concerns.
 */
export function registerInvoicesPage(router: ConsoleRouter, container: Container): void {
  const search = container.get(InvoiceSearch);
  registerList<InvoiceSearchRow>(router, {
    path: 'invoices',
    title: 'Facturas',
    noun: 'Facturas',
    none: 'Ninguna factura coincide con la búsqueda.',
    file: 'facturas',
    columns: INVOICE_COLUMNS,
    listing: search.invoiceListing,
  });
  registerList<NoteSearchRow>(router, {
    path: 'notes',
    title: 'Notas de crédito y débito',
    noun: 'Notas',
    none: 'Ninguna nota coincide con la búsqueda.',
    file: 'notas',
    columns: NOTE_COLUMNS,
    listing: search.noteListing,
  });
}
