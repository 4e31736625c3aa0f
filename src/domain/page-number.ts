/**
 * What a page number is, wherever one is taken (the API's client list, the console's client list,
 * the invoice search): decimal digits naming a page from 1 up to the caller's last page. Each
 * caller keeps its own bound, since each bound has its own reason (the API's is MySQL's INT, the
 * search's the deepest offset worth walking), and its own wording, which its clients already read;
 * only the reading is shared, so a page means the same thing everywhere.
 */
export type PageReading = { page: number } | { refused: 'not-a-page' | 'past-last' };

export function readPageNumber(raw: string, last: number): PageReading {
  if (!/^\d+$/.test(raw)) return { refused: 'not-a-page' };
  const page = Number(raw);
  if (page < 1) return { refused: 'not-a-page' };
  if (page > last) return { refused: 'past-last' };
  return { page };
}
