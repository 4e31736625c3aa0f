import type { Container } from 'inversify';
import { CompanyOverview, type CompanySummary } from '../../services/company';
import { OperatorAccess } from '../../services/access';
import { companyPath } from '../company-paths';
import type { ConsoleRouter } from '../console-state';
import { operatorOf } from '../page-tools';
import { renderPage } from '../render';
import { CaiState } from '../views/cai-state';
import { DataTable } from '../views/data-table';

function CompanyTable({ companies }: { companies: CompanySummary[] }) {
  if (companies.length === 0) return <p>No tiene empresas asignadas. Pida a un administrador que le conceda acceso.</p>;
  return (
    <DataTable
      caption="Empresas a su alcance"
      columns={['Código', 'Empresa', 'Integración', 'Estado CAI', { label: 'Facturas este mes', num: true }]}
    >
      {companies.map((c) => (
        <tr key={c.code}>
          <td>
            <a href={companyPath(c.code)}>{c.code}</a>
          </td>
          <td>{c.name}</td>
          <td>{c.integrationEnabled ? 'activa' : 'inactiva'}</td>
          <td>
            <CaiState state={c.caiState} explained />
          </td>
          <td class="num">{c.invoicesThisMonth}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** `/`: the companies the operator can see, each at a glance. */
export function registerHomePage(router: ConsoleRouter, container: Container): void {
  const access = container.get(OperatorAccess);
  const overview = container.get(CompanyOverview);
  router.get('/', async (ctx) => {
    const companies = await overview.companies(await access.companyIds(operatorOf(ctx)), ctx.state.now);
    renderPage(ctx, {
      title: 'Empresas',
      body: (
        <>
          <h1>Empresas</h1>
          <CompanyTable companies={companies} />
        </>
      ),
    });
  });
}
