import type { Container } from 'inversify';
import { AppError } from '../../domain/app-error';
import {
  parseFormat,
  type ReportFormat,
  type ReportTable,
  REPORT_MEDIA_TYPES,
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

/** A query parameter as text ('' when absent or repeated). */
function queryText(ctx: ConsoleContext, name: string): string {
  const value = ctx.query[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** Answers a report (or any table) as a file download. */
export function download(ctx: ConsoleContext, fileName: string, format: ReportFormat, bytes: Buffer): void {
  ctx.status = 200;
  ctx.type = REPORT_MEDIA_TYPES[format];
  ctx.set('Content-Disposition', `attachment; filename="${fileName}.${format}"`);
  ctx.body = bytes;
}

/**
 * `/companies/{code}/reports`: the sales register (CSV or XLSX) of a period, the unused numbers of
 * a month and the audit, from the services `admin report sales`, `admin report unused` and `admin
 * audit` use. Reports only read: they are GETs.
 */
export function registerReportsPages(router: ConsoleRouter, container: Container): void {
  const access = container.get(OperatorAccess);
  const sales = container.get(SalesRegisterService);
  const unused = container.get(UnusedNumbersService);
  const audit = container.get(NumberingAuditService);

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
    download(ctx, `libro-de-ventas-${company.code}-${from}-${to}`, format, await reportBytes(table, format));
  });

  router.get('/companies/:code/reports/unused', async (ctx) => {
    const company = await companyOf(ctx, access);
    const month = parseMonth(queryText(ctx, 'month'), 'month');
    const format = parseFormat(queryText(ctx, 'format') || 'csv', 'format');
    download(ctx, `numeros-no-usados-${company.code}-${month}`, format, await reportBytes(await unused.table(company, month), format));
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
