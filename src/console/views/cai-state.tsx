import type { CaiRangeState } from '../../domain/cai-range-state';

/**
 * Each state by the name `cai status` prints (OK, LOW, DUE, EXHAUSTED, EXPIRED, CANCELLED), which
 * operators and support share, with what it means and what to do, in the operator's words.
 */
export const CAI_STATE_MEANINGS: Readonly<Record<CaiRangeState, { meaning: string; todo: string }>> = {
  OK: { meaning: 'Emite con normalidad.', todo: 'Nada que hacer.' },
  LOW: {
    meaning: 'Quedan pocos números en el rango.',
    todo: 'Solicite al SAR un nuevo rango (CAI) antes de que se agote y regístrelo.',
  },
  DUE: {
    meaning: 'La fecha límite de emisión está cerca.',
    todo: 'Solicite al SAR un nuevo CAI y regístrelo antes de la fecha límite.',
  },
  EXHAUSTED: {
    meaning: 'Se usaron todos los números: ya no emite.',
    todo: 'Registre el nuevo rango autorizado por el SAR para seguir emitiendo.',
  },
  EXPIRED: {
    meaning: 'Pasó la fecha límite de emisión: ya no emite.',
    todo: 'Registre un nuevo CAI; declare los números no usados en el reporte del mes.',
  },
  CANCELLED: {
    meaning: 'El SAR canceló el CAI: no emite nunca más.',
    todo: 'Registre un nuevo CAI; sus números no usados se declaran como CANCELADO en el reporte del mes.',
  },
};

/** A CAI state, coloured by urgency, with its meaning and what to do beside it; 'sin rangos' for none. */
export function CaiState({ state, explained = false }: { state: CaiRangeState | null; explained?: boolean }) {
  if (state === null) return <span class="muted">sin rangos</span>;
  return (
    <>
      <span class={`state state-${state}`}>{state}</span>
      {explained && (
        <span class="state-help">
          {' '}
          {CAI_STATE_MEANINGS[state].meaning} {CAI_STATE_MEANINGS[state].todo}
        </span>
      )}
    </>
  );
}
