import type { CaiRangeState } from '../../domain/cai-range-state';

/**
 * The states by the names `cai status` prints them (OK, LOW, DUE, EXHAUSTED, EXPIRED), which
 * operators know; a cancelled CAI by its Spanish name, as SAR's resolution calls it.
 */
const SHOWN: Partial<Record<CaiRangeState, string>> = { CANCELLED: 'CANCELADO' };

/** A CAI state, coloured by urgency; 'sin rangos' for none. */
export function CaiState({ state }: { state: CaiRangeState | null }) {
  if (state === null) return <span class="muted">sin rangos</span>;
  return <span class={`state state-${state}`}>{SHOWN[state] ?? state}</span>;
}
