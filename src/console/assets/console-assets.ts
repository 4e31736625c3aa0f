/**
 * The console's files: its one stylesheet and its icon, each served by the console itself (no CDN).
 * Modules rather than .css/.svg files so that the compiled service carries them (the image ships
 * dist/ only); no inline style anywhere, as the Content-Security-Policy allows styles from this
 * stylesheet alone.
 */
export const CONSOLE_CSS = `
:root { --ink: #1b1f24; --muted: #4a5360; --line: #c9d1da; --paper: #ffffff; --band: #0b3d6b; --accent: #0b5cad;
  --ok: #1e6b2f; --warn: #8a5200; --bad: #a61b1b; font-family: "Liberation Sans", Arial, Helvetica, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: #f3f5f8; font-size: 16px; line-height: 1.45; }
a { color: var(--accent); }
a:focus, button:focus, input:focus, select:focus, textarea:focus { outline: 3px solid #f0b400; outline-offset: 2px; }
.skip-link { position: absolute; left: -10000px; top: 0; background: var(--paper); padding: .5rem 1rem; }
.skip-link:focus { left: 1rem; z-index: 10; }
header.top { background: var(--band); color: #fff; }
header.top .bar { max-width: 72rem; margin: 0 auto; padding: .6rem 1rem; display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; }
header.top a { color: #fff; }
header.top .brand { font-weight: bold; font-size: 1.1rem; text-decoration: none; margin-right: auto; }
header.top nav ul { list-style: none; display: flex; gap: 1rem; margin: 0; padding: 0; }
header.top .who { font-size: .95rem; }
header.top form { margin: 0; }
header.top button { background: transparent; color: #fff; border: 1px solid #fff; border-radius: 4px; padding: .25rem .7rem; cursor: pointer; font: inherit; }
main { max-width: 72rem; margin: 1.5rem auto; padding: 0 1rem; }
/* A wide table scrolls inside its own box; the page itself never scrolls sideways (390 px phones). */
.table-scroll { overflow-x: auto; max-width: 100%; margin-bottom: 1rem; }
.table-scroll:focus { outline: 3px solid #f0b400; }
.totals { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; margin: .5rem 0 1rem; }
.totals div { background: var(--paper); border: 1px solid var(--line); border-radius: 4px; padding: .4rem .8rem; }
.totals dt { font-size: .9rem; color: var(--muted); } .totals dd { margin: 0; font-weight: bold; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
h2 { font-size: 1.25rem; margin: 1.5rem 0 .75rem; }
.panel { background: var(--paper); border: 1px solid var(--line); border-radius: 6px; padding: 1rem 1.25rem; margin-bottom: 1.25rem; }
table { border-collapse: collapse; width: 100%; background: var(--paper); }
caption { text-align: left; font-weight: bold; padding: .5rem 0; }
th, td { text-align: left; padding: .45rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: #e8edf3; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.nowrap { white-space: nowrap; }
.state { font-weight: bold; }
.state-help { display: block; font-size: .9rem; color: var(--muted); min-width: 12rem; }
.state-OK { color: var(--ok); } .state-LOW, .state-DUE { color: var(--warn); } .state-EXHAUSTED, .state-EXPIRED, .state-CANCELLED { color: var(--bad); }
form.stack label { display: block; font-weight: bold; margin: .75rem 0 .25rem; }
form.stack input, form.stack select { max-width: 100%; }
form.stack input { width: 100%; max-width: 24rem; padding: .45rem; border: 1px solid #6b7785; border-radius: 4px; font: inherit; }
button.primary { background: var(--accent); color: #fff; border: 0; border-radius: 4px; padding: .5rem 1.1rem; font: inherit; cursor: pointer; margin-top: 1rem; }
button.danger { background: var(--bad); color: #fff; border: 0; border-radius: 4px; padding: .3rem .8rem; font: inherit; cursor: pointer; }
.inline { display: inline; margin: 0; }
.notice { border-left: 5px solid var(--accent); background: #e9f2fc; padding: .75rem 1rem; margin-bottom: 1rem; }
.error { border-left: 5px solid var(--bad); background: #fbeaea; padding: .75rem 1rem; margin-bottom: 1rem; overflow-wrap: anywhere; }
.field-problem { color: var(--bad); font-weight: bold; margin: .25rem 0; }
[aria-invalid="true"] { border: 2px solid var(--bad) !important; }
.secret { font-family: "Liberation Mono", "DejaVu Sans Mono", monospace; font-size: 1.05rem; word-break: break-all; background: #fff8dc;
  border: 1px dashed var(--warn); padding: .6rem; }
.muted { color: var(--muted); }
.login { max-width: 28rem; margin: 3rem auto; }
ul.links { list-style: none; display: flex; flex-wrap: wrap; gap: 1.25rem; padding: 0; margin: 0 0 1rem; }
.crumbs { margin: 0 0 .5rem; }
form.search { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-end; margin-bottom: 1rem; }
form.search label { display: block; font-weight: bold; }
form.search input, form.search select { max-width: 100%; padding: .45rem; border: 1px solid #6b7785; border-radius: 4px; font: inherit; }
form.search button { margin-top: 0; }
form.stack select { max-width: 100%; padding: .45rem; border: 1px solid #6b7785; border-radius: 4px; font: inherit; }
form.stack button { display: block; }
form.stack fieldset { border: 1px solid var(--line); border-radius: 4px; margin: .75rem 0; }
form.stack label.choice { font-weight: normal; margin: .25rem 0; }
form.stack label.choice input { width: auto; }
dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .25rem 1rem; }
dl.facts dd { overflow-wrap: anywhere; }
dl.facts dt { font-weight: bold; } dl.facts dd { margin: 0; }
nav.pager { display: flex; gap: 1.5rem; margin: 1rem 0; }
table.amounts { width: auto; min-width: min(24rem, 100%); margin: 1rem 0; }
.wide { overflow-x: auto; max-width: 100%; }
.field-problem { color: var(--bad); margin: .25rem 0 0; }
code { overflow-wrap: anywhere; font-family: "Liberation Mono", "DejaVu Sans Mono", monospace; }
td code { overflow-wrap: normal; } /* in a table, a code breaks at its dashes only: the table scrolls in its box rather than cut a CAI into pairs */
`;

/** The tab's icon (served at /favicon.ico and /assets/favicon.svg): an "F" on the header's blue. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0b3d6b"/>' +
  '<path d="M5 3h7v2H7v2h4v2H7v4H5z" fill="#fff"/></svg>';

/** Every file the console serves without a session, by path: its content type and content. */
export const CONSOLE_ASSETS: ReadonlyMap<string, { type: string; body: string }> = new Map([
  ['/assets/console.css', { type: 'text/css; charset=utf-8', body: CONSOLE_CSS }],
  ['/assets/favicon.svg', { type: 'image/svg+xml', body: FAVICON_SVG }],
  ['/favicon.ico', { type: 'image/svg+xml', body: FAVICON_SVG }],
]);
