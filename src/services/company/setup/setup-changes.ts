/**
 * What an apply changes, entry by entry of the file: the plan a dry run prints, the lines a real
 * apply prints, what the console previews and what the activity trail names.
 *
 * `path` is where the entry is in the document as given: `company`, `integration`,
 * `products[2]`, `priceLists[0].prices[3]`, `establishments[0].emissionPoints[1].caiRanges[0]`
 * (indexes from 0, as in the problems the checks report). `entry` names it by its keys, for a
 * reader who does not have the file at hand: `price P-ARROZ in GENERAL`.
 */
export type ChangeAction = 'create' | 'update' | 'delete';

export interface SetupChange {
  action: ChangeAction;
  path: string;
  entry: string;
}

/** Where a written entry is, and its name; the writer passes it along with the entry. */
export type EntryRef = Omit<SetupChange, 'action'>;

export interface ApplyCounts {
  created: number;
  updated: number;
  deleted: number;
}

/** What an apply changed in one section of the file (`products`, `establishments`...), only the sections it changed. */
export type SectionChanges = Record<string, Partial<ApplyCounts>>;

const COUNTED: Record<ChangeAction, keyof ApplyCounts> = { create: 'created', update: 'updated', delete: 'deleted' };

export function countChanges(changes: readonly SetupChange[]): ApplyCounts {
  const counts: ApplyCounts = { created: 0, updated: 0, deleted: 0 };
  for (const change of changes) counts[COUNTED[change.action]]++;
  return counts;
}

/** The counts by the file's top-level section: `priceLists[0].prices[3]` counts in priceLists. */
export function sectionsOf(changes: readonly SetupChange[]): SectionChanges {
  const sections: SectionChanges = {};
  for (const change of changes) {
    const section = (sections[change.path.split(/[[.]/)[0]] ??= {});
    const kind = COUNTED[change.action];
    section[kind] = (section[kind] ?? 0) + 1;
  }
  return sections;
}

/** One line of a plan: `update priceLists[0].prices[3] (price P-ARROZ in GENERAL)`. */
export function planLine(change: SetupChange): string {
  return `${change.action} ${change.path} (${change.entry})`;
}
