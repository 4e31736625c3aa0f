import type { ComponentChildren } from 'preact';
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
import { type VisibleCompany } from '../../services/access';
import { companyPath } from '../company-paths';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { companyOf } from '../page-tools';
import { renderPage } from '../render';
import { Crumbs } from '../views/crumbs';
import { DataTable, FiguresRow } from '../views/data-table';

const ARCHIVE_CONTENTS =
  'Un ZIP con el PDF de cada factura y nota del mes, el Libro de Ventas, el resumen, los números no usados y un manifiesto de sumas SHA-256.';

/** One report's panel: its heading, what it holds, and the GET form (its fields, then its Submit) that asks for it. */
function ReportForm(props: { id: string; heading: string; action: string; about?: string; children: ComponentChildren }) {
  return (
    <section class="panel" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.heading}</h2>
      {props.about && <p>{props.about}</p>}
      <form method="get" action={props.action} class="stack">
        {props.children}
      </form>
    </section>
  );
}

function Submit({ children }: { children: ComponentChildren }) {
  return (
    <button class="primary" type="submit">
      {children}
    </button>
  );
}

/** The month a report is of (YYYY-MM). */
function MonthField({ id }: { id: string }) {
  return (
    <>
      <label for={id}>Mes</label>
      <input id={id} name="month" type="month" required />
    </>
  );
}

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
      <ReportForm id="ventas" heading="Libro de Ventas" action={`${base}/sales`}>
        <label for="sales-from">Desde</label>
        <input id="sales-from" name="from" type="date" required />
        <label for="sales-to">Hasta (inclusive)</label>
        <input id="sales-to" name="to" type="date" required />
        <FormatChoice id="sales-format" />
        <Submit>Descargar el Libro de Ventas</Submit>
      </ReportForm>
      <ReportForm id="resumen" heading="Resumen ISV del mes" action={`${base}/month`}>
        <MonthField id="month-month" />
        <label for="month-format">Formato</label>
        <select id="month-format" name="format">
          <option value="table">Tabla en pantalla</option>
          <option value="csv">CSV</option>
          <option value="xlsx">XLSX (Excel)</option>
          <option value="json">JSON</option>
        </select>
        <Submit>Ver o descargar el resumen</Submit>
      </ReportForm>
      <ReportForm id="archivo" heading="Archivo del mes (Art. 38 y 41)" action={`${base}/archive`} about={ARCHIVE_CONTENTS}>
        <MonthField id="archive-month" />
        <Submit>Descargar el archivo del mes</Submit>
      </ReportForm>
      <ReportForm id="no-usados" heading="Números no usados de un mes (Art. 42)" action={`${base}/unused`}>
        <MonthField id="unused-month" />
        <FormatChoice id="unused-format" />
        <Submit>Descargar los números no usados</Submit>
      </ReportForm>
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
        <FiguresRow key={row.concept} label={row.concept} figures={[row.invoices, row.creditNotes, row.debitNotes, row.net]} />
      ))}
      <FiguresRow label="Documentos emitidos" figures={[counts.invoices, counts.creditNotes, counts.debitNotes, null]} />
      <FiguresRow label="Documentos anulados" figures={[annulled.invoice, annulled.creditNote, annulled.debitNote, null]} />
    </DataTable>
  );
}

/** A query parameter as text ('' when absent or repeated). */
function queryText(ctx: ConsoleContext, name: string): string {
  const value = ctx.query[name];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * `/companies/{code}/reports`: the sales register (CSV or XLSX) of a period, the ISV summary of a
 * month (a table, CSV, XLSX or JSON), the month's archive (ZIP), the unused numbers of a month and
 * the audit, from the services `admin report sales`, `report month`, `archive`, `report unused` and
 * `audit` use. Reports only read: they are GETs.
 */
export function registerReportsPages(router: ConsoleRouter, container: Container): void {
  const sales = container.get(SalesRegisterService);
  const unused = container.get(UnusedNumbersService);
  const audit = container.get(NumberingAuditService);
  const summaries = container.get(MonthSummaryService);
  const archives = container.get(MonthArchiveService);

  router.get('/companies/:code/reports', async (ctx) => {
    const company = companyOf(ctx);
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
    const company = companyOf(ctx);
    const from = parseDate(queryText(ctx, 'from'), 'from');
    const to = parseDate(queryText(ctx, 'to'), 'to');
    if (from > to) throw new AppError('VALIDATION_FAILED', `from ${from} is after to ${to}`);
    const format = parseFormat(queryText(ctx, 'format') || 'csv', 'format');
    const table: ReportTable = await sales.open(company, from, to);
    sendReport(ctx, `libro-de-ventas-${company.code}-${from}-${to}`, format, await reportBytes(table, format));
  });

  router.get('/companies/:code/reports/month', async (ctx) => {
    const company = companyOf(ctx);
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
    const company = companyOf(ctx);
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
    const company = companyOf(ctx);
    const month = parseMonth(queryText(ctx, 'month'), 'month');
    const format = parseFormat(queryText(ctx, 'format') || 'csv', 'format');
    sendReport(ctx, `numeros-no-usados-${company.code}-${month}`, format, await reportBytes(await unused.table(company, month), format));
  });

  router.get('/companies/:code/reports/audit', async (ctx) => {
    const company = companyOf(ctx);
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
