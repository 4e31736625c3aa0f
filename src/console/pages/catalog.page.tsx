import type { Container } from 'inversify';
import { AppError } from '../../domain/app-error';
import { type VisibleCompany } from '../../services/access';
import { CatalogSheets, type CatalogOutcome } from '../../services/company';
import { parseFormat, readTable, reportBytes } from '../../services/fiscal-reports';
import { companyPath } from '../company-paths';
import type { ConsoleRouter } from '../console-state';
import { UPLOAD_LIMITS } from '../middleware/multipart-body';
import { actorOf, adminCompanyOf } from '../page-tools';
import { setupReasonMeaning } from '../problem-meanings';
import { renderPage } from '../render';
import { type HeldFor, SessionHeld } from '../session-held';
import { DataTable } from '../views/data-table';
import { PostForm } from '../views/post-form';
import { sendReport } from './file-answers';

/** An uploaded catalog whose preview had no problem, waiting for "Aplicar". */
interface HeldCatalog extends HeldFor {
  table: string[][];
}

const KIND_NAMES = { new: 'nuevo', changed: 'cambiado', removed: 'eliminado' } as const;
const SHEET_TYPES = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

function Problems({ outcome }: { outcome: CatalogOutcome }) {
  return (
    <div class="error" role="alert">
      <p>
        <strong>La hoja tiene errores; no se cambió nada.</strong> Corríjalos y súbala de nuevo.
      </p>
      <DataTable caption="Errores" columns={['Fila', 'Columna', 'Error']}>
        {outcome.problems.map((p, i) => (
          <tr key={i}>
            <td>{p.row ?? '—'}</td>
            <td>{p.column ?? '—'}</td>
            <td>
              {setupReasonMeaning(p.message)} <small class="muted">({p.message})</small>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function Changes({ outcome }: { outcome: CatalogOutcome }) {
  if (outcome.rows.length === 0) return <p id="sin-cambios">La hoja no cambia nada del catálogo.</p>;
  const count = (kind: keyof typeof KIND_NAMES) => outcome.rows.filter((r) => r.kind === kind).length;
  return (
    <>
      <p id="resumen">
        {count('new')} producto(s) nuevo(s), {count('changed')} cambiado(s), {count('removed')} eliminado(s).
      </p>
      <DataTable caption="Cambios por fila" columns={['Fila', 'Producto', 'Cambio', 'Detalle']}>
        {outcome.rows.map((r) => (
          <tr key={`${r.row ?? ''}-${r.code}`}>
            <td>{r.row ?? '—'}</td>
            <td>{r.code}</td>
            <td>{KIND_NAMES[r.kind]}</td>
            <td>{r.entries.join('; ')}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

/**
 * `/companies/{code}/catalog` (administrators): the catalog (products, their price in each list,
 * the ids mapped to them) as XLSX or CSV, and an edited one uploaded back: its changes by row, or
 * its errors by row and column, are shown first; "Aplicar" then applies exactly the previewed
 * table in one transaction, through the setup service (decision 77).
 */
export function registerCatalogPages(router: ConsoleRouter, container: Container): void {
  const sheets = container.get(CatalogSheets);
  const uploads = new SessionHeld<HeldCatalog>();

  const title = (company: VisibleCompany, what: string) => (
    <h1>
      {what} de {company.name} <span class="muted">({company.code})</span>
    </h1>
  );

  router.get('/companies/:code/catalog', async (ctx) => {
    const company = adminCompanyOf(ctx);
    renderPage(ctx, {
      title: `Catálogo de ${company.code}`,
      body: (
        <>
          {title(company, 'Catálogo')}
          <p>
            Descargue el catálogo (productos, su precio en cada lista y los identificadores que envían los sistemas), edítelo y súbalo: se
            muestran los cambios fila por fila antes de aplicarlos. Un producto que se quita de la hoja se elimina; una celda de precio
            vacía quita ese precio; los identificadores se separan con punto y coma.
          </p>
          <ul>
            <li>
              <a href={companyPath(company.code, 'catalog.xlsx')}>Descargar el catálogo (XLSX)</a>
            </li>
            <li>
              <a href={companyPath(company.code, 'catalog.csv')}>Descargar el catálogo (CSV)</a>
            </li>
          </ul>
          <PostForm action={companyPath(company.code, 'catalog', 'preview')} enctype="multipart/form-data">
            <fieldset>
              <legend>Subir el catálogo editado</legend>
              <p>
                <label for="catalogo">Hoja (XLSX o CSV, hasta {UPLOAD_LIMITS.catalog.label})</label>
                <input id="catalogo" type="file" name="catalog" accept={SHEET_TYPES} required />
              </p>
              <button class="primary" type="submit">
                Revisar los cambios
              </button>
            </fieldset>
          </PostForm>
        </>
      ),
    });
  });

  router.get('/companies/:code/catalog.:format', async (ctx) => {
    const company = adminCompanyOf(ctx);
    const format = parseFormat(ctx.params.format, 'format');
    const sheet = await sheets.sheet(company);
    const rows = (async function* () {
      yield* sheet.rows;
    })();
    sendReport(ctx, `catalogo-${company.code}`, format, await reportBytes({ title: 'Catálogo', columns: sheet.columns, rows }, format));
  });

  router.post('/companies/:code/catalog/preview', async (ctx) => {
    const company = adminCompanyOf(ctx);
    const file = ctx.state.files.catalog;
    if (!file || file.data.length === 0) throw new AppError('VALIDATION_FAILED', 'choose the catalog spreadsheet (XLSX or CSV) to upload');
    const table = await readTable(file.data);
    const outcome = await sheets.preview(actorOf(ctx), company, table);
    const ok = outcome.problems.length === 0;
    const id =
      ok && outcome.rows.length > 0
        ? uploads.add({ sessionId: ctx.state.session?.id ?? '', companyId: company.id, table }, ctx.state.now)
        : '';
    renderPage(ctx, {
      title: `Revisión del catálogo de ${company.code}`,
      status: ok ? 200 : 422,
      body: (
        <>
          {title(company, 'Revisión del catálogo')}
          {ok ? <Changes outcome={outcome} /> : <Problems outcome={outcome} />}
          {id && (
            <PostForm action={companyPath(company.code, 'catalog', 'uploads', id, 'apply')}>
              <button class="primary" type="submit">
                Aplicar
              </button>
            </PostForm>
          )}
          <p>
            <a href={companyPath(company.code, 'catalog')}>Volver al catálogo</a>
          </p>
        </>
      ),
    });
  });

  router.post('/companies/:code/catalog/uploads/:id/apply', async (ctx) => {
    const company = adminCompanyOf(ctx);
    const held = uploads.find(ctx.params.id ?? '', ctx.state.session?.id ?? '', company.id, ctx.state.now);
    if (!held) throw new AppError('NOT_FOUND', 'this catalog upload is no longer held (it expired or was applied): upload it again');
    const outcome = await sheets.apply(actorOf(ctx), company, held.table);
    uploads.remove(ctx.params.id);
    const ok = outcome.problems.length === 0;
    renderPage(ctx, {
      title: `Catálogo de ${company.code}`,
      status: ok ? 200 : 422,
      body: (
        <>
          {title(company, 'Catálogo')}
          {ok ? (
            <div class="notice" role="status">
              <p>
                <strong>Catálogo aplicado.</strong> Las ventas siguientes usan los precios nuevos.
              </p>
              <Changes outcome={outcome} />
            </div>
          ) : (
            <Problems outcome={outcome} />
          )}
          <p>
            <a href={companyPath(company.code, 'catalog')}>Volver al catálogo</a>
          </p>
        </>
      ),
    });
  });
}
