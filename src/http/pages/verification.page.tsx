import type { ComponentChildren } from 'preact';
import { createHash } from 'node:crypto';
import { dayMonthYear } from '../../domain/calendar-date';
import { formatLempiras } from '../../pdf/format';
import { htmlDocument } from '../../views/html-document';
import type { PresentedVerification } from '../presenters/verification.presenter';

/** The one style sheet, inline; the Content-Security-Policy allows exactly it and nothing else (no script at all). */
const STYLE = [
  'body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f4;color:#1a1a1a}',
  'main{max-width:40rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #ccc}',
  'h1{font-size:1.4rem;margin:0 0 1rem}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}',
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem;margin:0}dt{font-weight:bold}dd{margin:0;overflow-wrap:anywhere}',
  '.estado{display:inline-block;padding:.2rem .6rem;font-weight:bold;border:2px solid}',
  '.vigente{color:#0b6b2f}.anulada{color:#a10f0f}',
  'table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #ddd}',
  'td.monto,th.monto{text-align:right}',
].join('');

/** Headers of every verification page: current (never cached), no script, no referrer that would carry the token. */
export const PAGE_HEADERS = {
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Robots-Tag': 'noindex',
} as const;

/**
 * Every verification page. The style sheet goes in as the constant the policy's hash is computed
 * from, byte for byte: as a text child it would be escaped, and the hash would no longer match.
 */
function Layout({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <main>{children}</main>
      </body>
    </html>
  );
}

function Notes({ notes }: { notes: NonNullable<PresentedVerification['notes']> }) {
  return (
    <>
      <h2>Notas de crédito y débito que la modifican</h2>
      {notes.length === 0 ? (
        <p>Ninguna.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Tipo</th>
              <th scope="col">Número</th>
              <th scope="col">Fecha</th>
              <th scope="col" class="monto">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {notes.map((note) => (
              <tr key={note.number}>
                <td>{note.type}</td>
                <td>{note.number}</td>
                <td>{dayMonthYear(note.date)}</td>
                <td class="monto">{formatLempiras(note.total.toFixed(2))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The Spanish page of a verified document: exactly the facts of presentVerification, nothing else. */
export function verificationPage(doc: PresentedVerification): string {
  return htmlDocument(
    <Layout title={`Verificación: ${doc.type} ${doc.number}`}>
      <h1>Verificación de documento fiscal</h1>
      <p class={`estado ${doc.state.toLowerCase()}`}>{doc.state}</p>
      <dl>
        <dt>Emisor</dt>
        <dd>{doc.issuer.name}</dd>
        <dt>RTN del emisor</dt>
        <dd>{doc.issuer.rtn}</dd>
        <dt>Tipo de documento</dt>
        <dd>{doc.type}</dd>
        <dt>Número</dt>
        <dd>{doc.number}</dd>
        <dt>CAI</dt>
        <dd>{doc.cai}</dd>
        <dt>Fecha</dt>
        <dd>{dayMonthYear(doc.date)}</dd>
        <dt>Total</dt>
        <dd>{formatLempiras(doc.total.toFixed(2))}</dd>
        <dt>Estado</dt>
        <dd>{doc.state}</dd>
      </dl>
      {doc.notes !== null && <Notes notes={doc.notes} />}
    </Layout>,
  );
}

/** The one page of every token that leads to no document (unknown, malformed, too long): the same bytes for all. */
export const NOT_FOUND_PAGE = htmlDocument(
  <Layout title="Documento no encontrado">
    <h1>Documento no encontrado</h1>
    <p>
      No existe un documento con este código de verificación. Revise que la dirección esté completa, tal como aparece junto al código QR del
      documento.
    </p>
  </Layout>,
);

/** A refusal (too many requests, the service unavailable) as a page, with the reason in Spanish. */
export function refusalPage(status: number): string {
  const reason =
    status === 429
      ? 'Se hicieron demasiadas consultas desde su dirección. Espere un momento y vuelva a intentarlo.'
      : 'El servicio no puede atender la consulta en este momento. Vuelva a intentarlo más tarde.';
  return htmlDocument(
    <Layout title="Consulta no disponible">
      <h1>Consulta no disponible</h1>
      <p>{reason}</p>
    </Layout>,
  );
}
