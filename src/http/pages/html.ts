/**
 * Server-rendered HTML by a tagged template that escapes every interpolated value (decision 55):
 * text from the database can never become markup, because the only way to put markup in a page
 * is another `html` template. Values are typed: strings and numbers, or fragments (and lists of
 * them) made by `html`.
 */
export class SafeHtml {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

type Interpolated = string | number | SafeHtml | readonly SafeHtml[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an element's content and for a quoted attribute value alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function render(value: Interpolated): string {
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map((fragment: SafeHtml) => fragment.text).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, literal, i) => out + literal + (i < values.length ? render(values[i]) : ''), ''));
}
