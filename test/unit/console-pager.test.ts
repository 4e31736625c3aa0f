import { h } from 'preact';
import { render } from 'preact-render-to-string';
import { Pager } from '../../src/console/views/pager';

describe("the console's pager", () => {
  const href = (page: number) => `/companies/ACME/clients?page=${page}`;

  it('links the previous and the next page, each with its rel', () => {
    const html = render(h(Pager, { page: 2, hasNext: true, href }));
    expect(html).toContain('<a href="/companies/ACME/clients?page=1" rel="prev">← Anterior</a>');
    expect(html).toContain('<a href="/companies/ACME/clients?page=3" rel="next">Siguiente →</a>');
  });

  it('offers no previous page on the first, and no next one on the last', () => {
    expect(render(h(Pager, { page: 1, hasNext: false, href }))).toBe('<nav class="pager" aria-label="Páginas"></nav>');
  });
});
