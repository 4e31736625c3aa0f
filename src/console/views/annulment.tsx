import type { ActivityView } from '../../services/access';
import { formatInstant } from './format';

/**
 * Why, when and by whom a document was annulled, from its row in the activity trail (the operator's
 * e-mail, or `cli:<user>` for the CLI); what the document itself stored stands in for a row the
 * trail does not have.
 */
export function AnnulmentFacts({ entry, stored }: { entry: ActivityView | null; stored: { at: Date | null; reason: string | null } }) {
  const reason = typeof entry?.details.reason === 'string' ? entry.details.reason : stored.reason;
  const at = entry?.at ?? stored.at;
  return (
    <section class="error" aria-labelledby="anulacion">
      <h2 id="anulacion">Anulado</h2>
      <dl class="facts">
        <dt>Motivo</dt>
        <dd>{reason ?? '—'}</dd>
        <dt>Cuándo</dt>
        <dd>{at ? formatInstant(at) : '—'}</dd>
        <dt>Quién</dt>
        <dd>{entry?.actor ?? '—'}</dd>
      </dl>
    </section>
  );
}
