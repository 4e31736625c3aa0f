import { PassThrough } from 'node:stream';
import { sendAttachment, sendReport } from './file-answers';
import type { Container } from 'inversify';
import { AppError } from '../../domain/app-error';
import {
  MONTH_SUMMARY_FORMATS,
  MonthArchiveService,
  MonthSummaryService,
  monthSummaryJson,
  parseFormat,
  type MonthSummary,
  type ReportTable,
  reportBytes,
  SalesRegisterService,
  UnusedNumbersService,
  NumberingAuditService,
} from '../../services/fiscal-reports';
import { parseDate, parseMonth } from '../../domain/operator-arguments';
import { OperatorAccess, type VisibleCompany } from '../../services/access';
import { companyPath } from '../company-paths';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { companyOf } from '../page-tools';
import { renderPage } from '../render';
import { Crumbs } from '../views/crumbs';
import { DataTable } from '../views/data-table';

function FormatChoice({ id }: { id: string }) {
  return (
    <>
      <label for={id}>Formato</label>
      <select id={id} name="format">
        <option value="csv">CSV</option>
        <option value="xlsx">XLSX (Excel)</option>
      </select>
    </>
  );
}

function ReportForms({ company }: { company: VisibleCompany }) {
  const base = companyPath(company.code, 'reports');
  return (
    <>
      <section class="panel" aria-labelledby="ventas">
        <h2 id="ventas">Libro de Ventas</h2>
        <form method="get" action={`${base}/sales`} class="stack">
          <label for="sales-from">Desde</label>
          <input id="sales-from" name="from" type="date" required />
          <label for="sales-to">Hasta (inclusive)</label>
          <input id="sales-to" name="to" type="date" required />
          <FormatChoice id="sales-format" />
          <button class="primary" type="submit">
            Descargar el Libro de Ventas
          </button>
        </form>
      </section>
      <section class="panel" aria-labelledby="resumen">
        <h2 id="resumen">Resumen ISV del mes</h2>
        <form method="get" action={`${base}/month`} class="stack">
          <label for="month-month">Mes</label>
          <input id="month-month" name="month" type="month" required />
          <label for="month-format">Formato</label>
          <select id="month-format" name="format">
            <option value="table">Tabla en pantalla</option>
            <option value="csv">CSV</option>
            <option value="xlsx">XLSX (Excel)</option>
            <option value="json">JSON</option>
          </select>
          <button class="primary" type="submit">
            Ver o descargar el resumen
          </button>
        </form>
      </section>
      <section class="panel" aria-labelledby="archivo">
        <h2 id="archivo">Archivo del mes (Art. 38 y 41)</h2>
        <p>
          Un ZIP con el PDF de cada factura y nota del mes, el Libro de Ventas, el resumen, los números no usados y un manifiesto de sumas
          SHA-256.
        </p>
        <form method="get" action={`${base}/archive`} class="stack">
          <label for="archive-month">Mes</label>
          <input id="archive-month" name="month" type="month" required />
          <button class="primary" type="submit">
            Descargar el archivo del mes
          </button>
        </form>
      </section>
      <section class="panel" aria-labelledby="no-usados">
        <h2 id="no-usados">Números no usados de un mes (Art. 42)</h2>
        <form method="get" action={`${base}/unused`} class="stack">
          <label for="unused-month">Mes</label>
          <input id="unused-month" name="month" type="month" required />
          <FormatChoice id="unused-format" />
          <button class="primary" type="submit">
            Descargar los números no usados
          </button>
        </form>
      </section>
      <section class="panel" aria-labelledby="auditoria">
        <h2 id="auditoria">Auditoría de la numeración y los montos</h2>
        <p>
          <a href={`${base}/audit`}>Revisar el registro de la empresa</a>
        </p>
      </section>
    </>
  );
}

/** The month's summary as the page shows it: the concepts, then the documents issued and annulled. */
function SummaryTable({ summary }: { summary: MonthSummary }) {
  const amount = (label: string) => ({ label, num: true as const });
  const { counts, annulledByType: annulled } = summary;
  return (
    <DataTable
      caption={`Resumen ISV de ${summary.month}`}
      columns={['Concepto', amount('Facturas'), amount('Notas de crédito'), amount('Notas de débito'), amount('Neto')]}
    >
      {summary.rows.map((row) => (
        <tr key={row.concept}>
          <th scope="row">{row.concept}</th>
          <td class="num">{row.invoices}</td>
          <td class="num">{row.creditNotes}</td>
          <td class="num">{row.debitNotes}</td>
          <td class="num">{row.net}</td>
        </tr>
      ))}
      <tr>
        <th scope="row">Documentos emitidos</th>
        <td class="num">{counts.invoices}</td>
        <td class="num">{counts.creditNotes}</td>
        <td class="num">{counts.debitNotes}</td>
        <td></td>
      </tr>
      <tr>
        <th scope="row">Documentos anulados</th>
        <td class="num">{annulled.invoice}</td>
        <td class="num">{annulled.creditNote}</td>
        <td class="num">{annulled.debitNote}</td>
        <td></td>
      </tr>
    </DataTable>
  );
}

/** A query parameter as text ('' when absent or repeated). */
function queryText(ctx: ConsoleContext, name: string): string {
  const value = ctx.query[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** Answers a report (or any table) as a file download. */

/**
 * `/companies/{code}/reports`: the sales register (CSV or XLSX) of a period, the ISV summary of a
 * month (a table, CSV, XLSX or JSON), the month's archive (ZIP), the unused numbers of a month and
 * the audit, from the services `admin report sales`, `report month`, `archive`, `report unused` and
 * `audit` use. Reports only read: they are GETs.
 */
export function registerReportsPages(router: ConsoleRouter, container: Container): void {
  const access = container.get(OperatorAccess);
  const sales = container.get(SalesRegisterService);
  const unused = container.get(UnusedNumbersService);
  const audit = container.get(NumberingAuditService);
  const summaries = container.get(MonthSummaryService);
  const archives = container.get(MonthArchiveService);

  router.get('/companies/:code/reports', async (ctx) => {
    const company = await companyOf(ctx, access);
    renderPage(ctx, {
      title: `Reportes de ${company.code}`,
      body: (
        <>
          <Crumbs company={company} />
          <h1>Reportes</h1>
          <ReportForms company={company} />
        </>
      ),
    });
  });

  router.get('/companies/:code/reports/sales', async (ctx) => {
    const company = await companyOf(ctx, access);
    const from = parseDate(queryText(ctx, 'from'), 'from');
    const to = parseDate(queryText(ctx, 'to'), 'to');
    if (from > to) throw new AppError('VALIDATION_FAILED', `from ${from} is after to ${to}`);
    const format = parseFormat(queryText(ctx, 'format') || 'csv', 'format');
    const table: ReportTable = await sales.open(company, from, to);
    sendReport(ctx, `libro-de-ventas-${company.code}-${from}-${to}`, format, await reportBytes(table, format));
  });

  router.get('/companies/:code/reports/month', async (ctx) => {
    const company = await companyOf(ctx, access);
    const month = parseMonth(queryText(ctx, 'month'), 'month');
    const format = queryText(ctx, 'format') || 'table';
    // Checked before anything is read: a wrong format is refused as such, not after the work.
    const fileFormat = format === 'table' ? undefined : parseFormat(format, 'format', MONTH_SUMMARY_FORMATS);
    const summary = await summaries.summary(company, month);
    const fileName = `resumen-isv-${company.code}-${month}`;
    if (fileFormat === 'json')
      return sendAttachment(ctx, `${fileName}.json`, 'application/json; charset=utf-8', Buffer.from(monthSummaryJson(summary)));
    if (fileFormat !== undefined) return sendReport(ctx, fileName, fileFormat, await reportBytes(summaries.table(summary), fileFormat));
    renderPage(ctx, {
      title: `Resumen ISV de ${company.code}`,
      body: (
        <>
          <Crumbs company={company} trail={[{ href: companyPath(company.code, 'reports'), label: 'Reportes' }]} />
          <h1>Resumen ISV de {month}</h1>
          <p>Neto = Facturas − Notas de crédito + Notas de débito; igual al TOTAL del Libro de Ventas del mes. Las anuladas cuentan 0.</p>
          <SummaryTable summary={summary} />
        </>
      ),
    });
  });

  router.get('/companies/:code/reports/archive', async (ctx) => {
    const company = await companyOf(ctx, access);
    const month = parseMonth(queryText(ctx, 'month'), 'month');
    // Streamed as it is written: a month of thousands of PDFs is never held whole. A failure half
    // way aborts the download, so the browser shows it failed rather than saving a broken ZIP.
    const body = new PassThrough();
    // The headers are gone by then, so a failure cannot be a page: destroying the body makes Koa
    // (which pipes it with stream.pipeline) cut the connection.
    archives.write(company, month, body).catch((err: unknown) => body.destroy(err instanceof Error ? err : new Error(String(err))));
    sendAttachment(ctx, `archivo-${company.code}-${month}.zip`, 'application/zip', body);
  });

  router.get('/companies/:code/reports/unused', async (ctx) => {
    const company = await companyOf(ctx, access);
    const month = parseMonth(queryText(ctx, 'month'), 'month');
    const format = parseFormat(queryText(ctx, 'format') || 'csv', 'format');
    sendReport(ctx, `numeros-no-usados-${company.code}-${month}`, format, await reportBytes(await unused.table(company, month), format));
  });

  router.get('/companies/:code/reports/audit', async (ctx) => {
    const company = await companyOf(ctx, access);
    const result = await audit.audit(company);
    const sound = result.discrepancies.length === 0;
    renderPage(ctx, {
      title: `Auditoría de ${company.code}`,
      body: (
        <>
          <Crumbs company={company} trail={[{ href: companyPath(company.code, 'reports'), label: 'Reportes' }]} />
          <h1>Auditoría</h1>
          <div class={sound ? 'notice' : 'error'} role="status">
            <p>
              {sound
                ? `Registro correcto: ${result.invoices} facturas y ${result.notes} notas en ${result.ranges} rangos.`
                : `${result.discrepancies.length} discrepancias en ${result.invoices} facturas y ${result.notes} notas (${result.ranges} rangos).`}
            </p>
          </div>
          {!sound && (
            <ul>
              {result.discrepancies.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          )}
        </>
      ),
    });
  });
}
