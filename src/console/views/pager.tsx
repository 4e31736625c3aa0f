/**
 * The links to the previous and next page of a list, the same on every list page: `rel` lets a
 * browser (and a screen reader's link list) know them as the list's pages.
 */
export function Pager({ page, hasNext, href }: { page: number; hasNext: boolean; href: (page: number) => string }) {
  return (
    <nav class="pager" aria-label="Páginas">
      {page > 1 && (
        <a href={href(page - 1)} rel="prev">
          ← Anterior
        </a>
      )}
      {hasNext && (
        <a href={href(page + 1)} rel="next">
          Siguiente →
        </a>
      )}
    </nav>
  );
}
