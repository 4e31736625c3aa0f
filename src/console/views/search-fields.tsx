/**
 * The `from` and `to` day fields of a GET search form (YYYY-MM-DD, as the page's query parser reads
 * them), refilled with what the query held.
 */
export function DayRangeFields({ from, to }: { from: string; to: string }) {
  return (
    <>
      <div>
        <label for="from">Desde</label>
        <input id="from" name="from" type="date" value={from} />
      </div>
      <div>
        <label for="to">Hasta</label>
        <input id="to" name="to" type="date" value={to} />
      </div>
    </>
  );
}
