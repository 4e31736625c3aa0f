import type { Container } from 'inversify';
import { DOCUMENT_TYPES } from '../../domain/document-type';
import { CompanyOverview, type CaiRangeOutlook } from '../../services/company';
import { OperatorAccess } from '../../services/access';
import { companyPath } from '../company-paths';
import type { ConsoleRouter } from '../console-state';
import { companyOf, operatorOf } from '../page-tools';
import { renderPage } from '../render';
import { CaiState } from '../views/cai-state';
import { DataTable } from '../views/data-table';
import { DOCUMENT_TYPE_NAMES, formatDay } from '../views/format';

function RangeTable({ ranges }: { ranges: CaiRangeOutlook[] }) {
  if (ranges.length === 0) return <p>La empresa no tiene rangos CAI vigentes.</p>;
  return (
    <DataTable
      caption="Rangos CAI de todos los tipos de documento"
      columns={[
        'Documento',
        'CAI',
        'Primer número',
        'Último número',
        'Estado',
        { label: 'Quedan', num: true },
        'Fecha límite',
        'Se agota (ritmo de 30 días)',
      ]}
    >
      {ranges.map((r) => (
        <tr key={r.firstPrinted}>
          <td>{DOCUMENT_TYPE_NAMES[r.documentType]}</td>
          <td>
            <code>{r.cai}</code>
          </td>
          <td class="nowrap">{r.firstPrinted}</td>
          <td class="nowrap">{r.lastPrinted}</td>
          <td>
            <CaiState state={r.state} />
          </td>
          <td class="num">{r.left}</td>
          <td>{formatDay(r.deadline)}</td>
          <td>{r.runsOutOn ? formatDay(r.runsOutOn) : '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** `/companies/{code}`: the company's CAI ranges of every document type and where each stands. */
export function registerCompanyPage(router: ConsoleRouter, container: Container): void {
  const access = container.get(OperatorAccess);
  const overview = container.get(CompanyOverview);
  router.get('/companies/:code', async (ctx) => {
    const company = await companyOf(ctx, access);
    const ranges = await overview.ranges(company, ctx.state.now);
    const ordered = DOCUMENT_TYPES.flatMap((type) => ranges.filter((r) => r.documentType === type));
    const admin = operatorOf(ctx).role === 'admin';
    renderPage(ctx, {
      title: company.name,
      body: (
        <>
          <h1>
            {company.name} <span class="muted">({company.code})</span>
          </h1>
          <nav aria-label="Empresa">
            <ul class="links">
              <li>
                <a href={companyPath(company.code, 'invoices')}>Facturas</a>
              </li>
              <li>
                <a href={companyPath(company.code, 'clients')}>Clientes</a>
              </li>
              <li>
                <a href={companyPath(company.code, 'reports')}>Reportes</a>
              </li>
              {admin && (
                <>
                  <li>
                    <a href={companyPath(company.code, 'keys')}>Llaves de API</a>
                  </li>
                  <li>
                    <a href={companyPath(company.code, 'letterhead')}>Membretes</a>
                  </li>
                </>
              )}
            </ul>
          </nav>
          <RangeTable ranges={ordered} />
        </>
      ),
    });
  });
}
