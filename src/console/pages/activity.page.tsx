import type { Container } from 'inversify';
import type { ActivityAction } from '../../domain/activity-action';
import { ActivityReader, type ActivityView, OperatorAccess } from '../../services/access';
import type { ConsoleRouter } from '../console-state';
import { operatorOf } from '../page-tools';
import { renderPage } from '../render';
import { DataTable } from '../views/data-table';
import { formatInstant } from '../views/format';

/** The newest rows the page shows; `admin activity` reads further back. */
const SHOWN = 200;

const ACTION_NAMES: Record<ActivityAction, string> = {
  'sign-in': 'inicio de sesión',
  'sign-in-failed': 'inicio de sesión fallido',
  'sign-out': 'cierre de sesión',
  'invoice-annulled': 'factura anulada',
  'note-issued': 'nota emitida',
  'note-annulled': 'nota anulada',
  'key-issued': 'llave emitida',
  'key-revoked': 'llave revocada',
  'client-exonerated': 'cliente exonerado',
  'letterhead-published': 'membrete publicado',
  'letterhead-rolled-back': 'membrete revertido',
  apply: 'configuración aplicada',
  'operator-added': 'operador agregado',
  'operator-disabled': 'operador deshabilitado',
  'password-reset': 'contraseña restablecida',
  'operator-unlocked': 'operador desbloqueado',
  'cai-cancelled': 'CAI cancelado',
  'setup-changed': 'configuración cambiada',
  'client-updated': 'cliente modificado',
  'client-deleted': 'cliente eliminado',
  'document-resent': 'Documento reenviado por correo',
};

/** A row's details as `name: value` pairs (text: escaped like every other). */
function details(row: ActivityView): string {
  return Object.entries(row.details)
    .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}

function ActivityTable({ rows }: { rows: ActivityView[] }) {
  if (rows.length === 0) return <p>No hay actividad registrada a su alcance.</p>;
  return (
    <DataTable
      caption={`Los ${SHOWN} cambios más recientes, del más nuevo al más antiguo (hora de Honduras)`}
      columns={['Fecha', 'Quién', 'Empresa', 'Acción', 'Objeto', 'Detalles']}
    >
      {rows.map((row) => (
        <tr key={row.id}>
          <td>{formatInstant(row.at)}</td>
          <td>{row.actor}</td>
          <td>{row.company ?? '—'}</td>
          <td>
            {ACTION_NAMES[row.action]} <span class="muted">({row.action})</span>
          </td>
          <td>{row.target}</td>
          <td>{details(row)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** `/activity`: the trail, newest first; administrators every row, accountants their companies' rows only. */
export function registerActivityPage(router: ConsoleRouter, container: Container): void {
  const reader = container.get(ActivityReader);
  const access = container.get(OperatorAccess);
  router.get('/activity', async (ctx) => {
    const companyIds = await access.companyIds(operatorOf(ctx));
    const rows: ActivityView[] = [];
    // null for an administrator: every row, those of no company included.
    for await (const row of reader.read({ companyIds, since: null, limit: SHOWN })) rows.push(row);
    renderPage(ctx, {
      title: 'Actividad',
      body: (
        <>
          <h1>Actividad</h1>
          <ActivityTable rows={rows} />
        </>
      ),
    });
  });
}
