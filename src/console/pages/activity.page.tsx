import type { Container } from 'inversify';
import type { ComponentChildren } from 'preact';
import { ACTIVITY_ACTIONS, type ActivityAction } from '../../domain/activity-action';
import { AppError } from '../../domain/app-error';
import { addDays, startOfHondurasDay } from '../../domain/calendar-date';
import { parseDate } from '../../domain/operator-arguments';
import { ActivityReader, type ActivityView, OperatorAccess } from '../../services/access';
import type { ConsoleRouter } from '../console-state';
import { operatorOf } from '../page-tools';
import { renderPage } from '../render';
import { SETUP_SECTIONS, setupChangeWords } from '../setup-words';
import { DataTable } from '../views/data-table';
import { DayRangeFields } from '../views/search-fields';
import { type FieldSentences, formEchoOf } from '../form-refusal';
import { FieldProblem, type RefusedForm, FormProblem, useRefused } from '../views/form-echo';
import { capitalized, formatInstant, formatLempiras } from '../views/format';

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
  'document-resent': 'documento reenviado por correo',
};

/** A document as the trail names it (`invoice 000-001-01-00000042 (id 42)`), in Spanish. */
const DOCUMENT_NOUNS: Record<string, string> = {
  invoice: 'la factura',
  'credit note': 'la nota de crédito',
  'debit note': 'la nota de débito',
};

/** What a row is about, in Spanish: a document by its number, a key by its prefix; anything else as recorded. */
function targetWords(target: string): string {
  const document = /^(invoice|credit note|debit note) (\S+) \(id \d+\)(?: of invoice (\S+) \(id \d+\))?$/.exec(target);
  // A note names the invoice it is on.
  if (document) return `${DOCUMENT_NOUNS[document[1]]} ${document[2]}${document[3] ? ` de la factura ${document[3]}` : ''}`;
  const key = /^key \d+ \(([^)]+)\)$/.exec(target);
  if (key) return `la llave ${key[1]}…`;
  const client = /^client (\S+) \(id (\d+)\)$/.exec(target);
  if (client) return `${client[1]} (id ${client[2]})`;
  const company = /^company (\S+)$/.exec(target);
  if (company) return `de la empresa ${company[1]}`;
  return target;
}

/** What the actor did, as the start of a sentence whose end is the target. */
const ACTION_SENTENCES: Record<ActivityAction, (target: string) => string> = {
  'sign-in': () => 'inició sesión',
  'sign-in-failed': (t) => `intentó iniciar sesión como ${t} sin lograrlo`,
  'sign-out': () => 'cerró sesión',
  'invoice-annulled': (t) => `anuló ${t}`,
  'note-issued': (t) => `emitió ${t}`,
  'note-annulled': (t) => `anuló ${t}`,
  'key-issued': (t) => `emitió ${t}`,
  'key-revoked': (t) => `revocó ${t}`,
  'client-exonerated': (t) => `registró la exoneración del cliente ${t}`,
  'letterhead-published': (t) => `publicó el membrete ${t}`,
  'letterhead-rolled-back': (t) => `volvió al membrete anterior ${t}`,
  apply: (t) => `aplicó la configuración ${t}`,
  'operator-added': (t) => `agregó al operador ${t}`,
  'operator-disabled': (t) => `deshabilitó al operador ${t}`,
  'password-reset': (t) => `restableció la contraseña de ${t}`,
  'operator-unlocked': (t) => `desbloqueó los inicios de sesión de ${t}`,
  'cai-cancelled': (t) => `registró la cancelación del ${t}`,
  'setup-changed': (t) => `cambió la configuración ${t}`,
  'client-updated': (t) => `corrigió los datos del cliente ${t}`,
  'client-deleted': (t) => `eliminó al cliente ${t}`,
  'document-resent': (t) => `reenvió por correo ${t}`,
};

/** The details' names, in Spanish; a hash shows its first 12 characters. */
const DETAIL_NAMES: Record<string, string> = {
  reason: 'Motivo',
  total: 'Total',
  address: 'Dirección IP',
  role: 'Rol',
  companies: 'Empresas',
  cleared: 'Intentos borrados',
  ranges: 'Rangos',
  prefix: 'Prefijo',
  expiresAt: 'Vence',
  document: 'Documento',
  publicationId: 'Publicación',
  sha256: 'Huella',
  logoSha256: 'Huella del logo',
  sections: 'Secciones',
  created: 'Creadas',
  updated: 'Cambiadas',
  deleted: 'Eliminadas',
  entries: 'Entradas',
  to: 'Para',
  messageId: 'Mensaje',
};

function detailValue(name: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' && /sha256$/i.test(name)) return `${value.slice(0, 12)}…`;
  if (name === 'total' && typeof value === 'string') return formatLempiras(value);
  if (Array.isArray(value)) {
    // An apply's entries are its changes, as the setup service words them.
    const words = name === 'entries' ? setupChangeWords : (v: string) => v;
    return value.length === 0 ? 'ninguna' : value.map((v) => (typeof v === 'string' ? words(v) : JSON.stringify(v))).join(', ');
  }
  // Nested details read as words too: a field's old and new value, an apply's counts per section.
  if (typeof value === 'object' && 'from' in value && 'to' in value && Object.keys(value).length === 2) {
    return `${detailValue('', value.from)} → ${detailValue('', value.to)}`;
  }
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => {
        // An apply's counts are per section of the setup file.
        const label = name === 'sections' ? capitalized(SETUP_SECTIONS[k] ?? k) : (DETAIL_NAMES[k] ?? k);
        return `${label} ${typeof v === 'object' && v !== null ? `(${detailValue(k, v)})` : detailValue(k, v)}`;
      })
      .join(', ');
  return String(value);
}

/** A row's details as sentences: `Motivo: …. Total: L 115.00.` (text, escaped like every other). */
function details(row: ActivityView): string {
  return Object.entries(row.details)
    .map(([name, value]) => `${DETAIL_NAMES[name] ?? name}: ${detailValue(name, value)}.`)
    .join(' ');
}

/** The filters as the query gives them, checked. */
interface ActivityFilter {
  action: ActivityAction | '';
  actor: string;
  from: string;
  to: string;
}

/** The filter form, as a refusal names it, and what each of its refusable fields takes. */
const FILTER = 'activity';
const FILTER_SENTENCES: FieldSentences = {
  action: 'Elija una de las acciones de la lista, o Todas.',
  from: 'Escriba la fecha inicial (día, mes y año).',
  to: 'Escriba la fecha final (día, mes y año).',
};

/** The filters as the query gives them, trimmed, before any check: what a refused filter shows again. */
function typedFilter(query: Record<string, unknown>): ActivityFilter {
  const text = (name: string) => (typeof query[name] === 'string' ? query[name].trim() : '');
  return { action: text('action') as ActivityAction | '', actor: text('actor').slice(0, 255), from: text('from'), to: text('to') };
}

/** The typed filters, checked: an unknown action or a day not in the calendar is VALIDATION_FAILED, naming its field. */
function checkedFilter(typed: ActivityFilter): ActivityFilter {
  if (typed.action !== '' && !(ACTIVITY_ACTIONS as readonly string[]).includes(typed.action))
    throw new AppError('VALIDATION_FAILED', `action must be one of ${ACTIVITY_ACTIONS.join(', ')}`);
  for (const name of ['from', 'to'] as const) if (typed[name] !== '') parseDate(typed[name], name);
  return typed;
}

function FilterForm({ filter }: { filter: ActivityFilter }) {
  const refused = useRefused(FILTER);
  return (
    <form method="get" action="/activity" class="search" role="search" aria-label="Filtrar la actividad">
      <FormProblem form={FILTER} fieldIds={{ action: 'action', from: 'from', to: 'to' }} />
      <div>
        <label for="action">Acción</label>
        <FieldProblem form={FILTER} name="action" />
        <select id="action" name="action" {...refused('action')}>
          <option value="">Todas</option>
          {ACTIVITY_ACTIONS.map((a) => (
            <option key={a} value={a} selected={filter.action === a}>
              {ACTION_NAMES[a]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label for="actor">Operador (correo o cli:usuario)</label>
        <input id="actor" name="actor" value={filter.actor} maxLength={255} />
      </div>
      <DayRangeFields from={filter.from} to={filter.to} form={FILTER} />
      <button class="primary" type="submit">
        Filtrar
      </button>
    </form>
  );
}

function ActivityTable({ rows }: { rows: ActivityView[] }) {
  if (rows.length === 0) return <p role="status">No hay actividad registrada a su alcance con esos filtros.</p>;
  return (
    <DataTable
      caption={`Los ${SHOWN} cambios más recientes, del más nuevo al más antiguo (hora de Honduras)`}
      columns={['Fecha', 'Empresa', 'Qué pasó', 'Detalles']}
    >
      {rows.map((row) => (
        <tr key={row.id}>
          <td class="nowrap">{formatInstant(row.at)}</td>
          <td>{row.company ?? '—'}</td>
          <td>
            {row.actor} {ACTION_SENTENCES[row.action](targetWords(row.target))}. <span class="muted">({row.action})</span>
          </td>
          <td>{details(row)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * `/activity?action=&actor=&from=&to=`: the trail, newest first, as sentences; administrators every
 * row, accountants their companies' rows only; filtered by action, operator and Honduras days.
 */
export function registerActivityPage(router: ConsoleRouter, container: Container): void {
  const reader = container.get(ActivityReader);
  const access = container.get(OperatorAccess);
  router.get('/activity', async (ctx) => {
    const typed = typedFilter(ctx.query);
    const show = (body: ComponentChildren, echo?: RefusedForm) =>
      renderPage(ctx, {
        title: 'Actividad',
        echo,
        body: (
          <>
            <h1>Actividad</h1>
            <FilterForm filter={typed} />
            {body}
          </>
        ),
      });
    let filter: ActivityFilter;
    try {
      filter = checkedFilter(typed);
    } catch (err) {
      // A refused filter comes back as typed, the reason beside the part it concerns; nothing is listed.
      const echo = formEchoOf(err, FILTER, { ...typed }, FILTER_SENTENCES);
      if (echo === null) throw err;
      show(<p>Corrija los filtros para ver la actividad.</p>, echo);
      return;
    }
    const companyIds = await access.companyIds(operatorOf(ctx));
    const rows: ActivityView[] = [];
    const query = {
      // null for an administrator: every row, those of no company included.
      companyIds,
      since: filter.from === '' ? null : startOfHondurasDay(filter.from),
      until: filter.to === '' ? null : startOfHondurasDay(addDays(filter.to, 1)),
      action: filter.action === '' ? null : filter.action,
      actor: filter.actor === '' ? null : filter.actor,
      limit: SHOWN,
    };
    for await (const row of reader.read(query)) rows.push(row);
    show(<ActivityTable rows={rows} />);
  });
}
