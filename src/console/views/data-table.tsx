import type { ComponentChildren } from 'preact';

/** A column's heading; `num` right-aligns it over figures, as their cells are. */
export type Column = string | { label: string; num: true };

/**
 * A table of the console's: a caption saying what it lists, a heading per column (scope col, so a
 * screen reader names each cell's column), then the rows the page writes.
 */
export function DataTable({ caption, columns, children }: { caption: ComponentChildren; columns: Column[]; children: ComponentChildren }) {
  // A wide table scrolls inside its own box (focusable, so a keyboard can scroll it), never the page.
  return (
    <div class="table-scroll" tabIndex={0} role="region" aria-label={typeof caption === 'string' ? caption : 'Tabla'}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" class="num">
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A row headed by what it counts, then its figures right-aligned; a null figure leaves its cell empty. */
export function FiguresRow({ label, figures }: { label: string; figures: ReadonlyArray<string | number | null> }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      {figures.map((figure, i) =>
        figure === null ? (
          <td key={i}></td>
        ) : (
          <td key={i} class="num">
            {figure}
          </td>
        ),
      )}
    </tr>
  );
}
