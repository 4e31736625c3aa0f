import type { CaiRangeState } from '../../domain/cai-range-state';

/** A CAI state by its section-13 name (OK, LOW, DUE, EXHAUSTED, EXPIRED), coloured by urgency; '—' for none. */
export function CaiState({ state }: { state: CaiRangeState | null }) {
  if (state === null) return <span class="muted">sin rangos</span>;
  return <span class={`state state-${state}`}>{state}</span>;
}
