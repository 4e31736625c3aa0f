import { randomUUID } from 'node:crypto';
import type { Container } from 'inversify';
import type { ComponentChildren } from 'preact';
import type { AppConfig } from '../../../config/config';
import { DOCUMENT_TYPE_INFO } from '../../domain/document-type';
import {
  InvoiceAnnulmentService,
  InvoicePdfService,
  InvoiceReader,
  type InvoiceView,
  NoteIssuer,
  NoteReader,
  type NoteView,
} from '../../services/sales';
import { parseReason } from '../../domain/operator-arguments';
import { OperatorAccess, type VisibleCompany } from '../../services/access';
import { TOKENS } from '../../tokens';
import { companyPath } from '../company-paths';
import type { ConsoleRouter } from '../console-state';
import { creditRequestOf, debitRequestOf, noteCommon, returnField } from '../note-form';
import { actorOf, companyOf, pathId } from '../page-tools';
import { renderPage } from '../render';
import { Crumbs } from '../views/crumbs';
import { DataTable } from '../views/data-table';
import { AmountsTable, DocumentStatus, LinesTable } from '../views/document-tables';
import { formatInstant, formatLempiras } from '../views/format';
import { isConfirmed, renderConfirmation } from '../views/confirmation';
import { PostForm } from '../views/post-form';
import { sendPdf } from './pdf-answer';
import { buyerName } from '../../domain/document-words';

/** The two notes an invoice takes, as their forms and POST paths (`.../credit-notes`, `.../debit-notes`) name them. */
const NOTE_TYPES = ['credit', 'debit'] as const;

/** How far back a note's confirmation looks for notes already issued on the invoice (a form sent again after Back). */
const RECENT_NOTES_MS = 10 * 60 * 1000;
type NoteType = (typeof NOTE_TYPES)[number];

function RateOptions({ rates, id }: { rates: readonly string[]; id: string }) {
  return (
    <select id={id} name="rate" required>
      {rates
        .filter((r) => Number(r) > 0)
        .map((r) => (
          <option key={r} value={r}>
            {`${r} %`}
          </option>
        ))}
      <option value="exempt">exento</option>
    </select>
  );
}

function Notes({ company, notes }: { company: VisibleCompany; notes: NoteView[] }) {
  if (notes.length === 0) return <p>La factura no tiene notas de crédito ni de débito.</p>;
  return (
    <DataTable caption="Notas de la factura" columns={['Número', 'Tipo', 'Fecha', 'Motivo', { label: 'Total', num: true }, 'Estado']}>
      {notes.map((n) => (
        <tr key={n.id}>
          <td>
            <a href={companyPath(company.code, 'notes', n.id)}>{n.fiscalNumber}</a>
          </td>
          <td>{DOCUMENT_TYPE_INFO[n.documentType].title}</td>
          <td>{formatInstant(n.noteDate)}</td>
          <td>{n.reason}</td>
          <td class="num">{formatLempiras(n.total)}</td>
          <td>
            <DocumentStatus annulled={n.isAnnulled} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * A note's form: the fields of its kind, then what every note carries (the reason, another emission
 * point, and the form's own key, so a second submission answers the note already issued).
 */
function NoteForm({
  type,
  invoicePath,
  id,
  heading,
  submit,
  children,
}: {
  type: NoteType;
  invoicePath: string;
  id: string;
  heading: string;
  submit: string;
  children: ComponentChildren;
}) {
  return (
    <section class="panel" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <PostForm action={`${invoicePath}/${type}-notes`} class="stack">
        {children}
        <label for={`${type}-reason`}>Motivo (obligatorio)</label>
        <input id={`${type}-reason`} name="reason" maxLength={255} required />
        <label for={`${type}-point`}>Punto de emisión (EEE-PPP; vacío: el de la factura)</label>
        <input id={`${type}-point`} name="emissionPoint" pattern="\d{3}-\d{3}" placeholder="000-001" />
        <input type="hidden" name="key" value={randomUUID()} />
        <button class="primary" type="submit">
          {submit}
        </button>
      </PostForm>
    </section>
  );
}

function Actions({ company, invoice, rates }: { company: VisibleCompany; invoice: InvoiceView; rates: readonly string[] }) {
  const base = companyPath(company.code, 'invoices', invoice.id);
  if (invoice.isAnnulled) return <p>La factura está anulada: no admite notas.</p>;
  return (
    <>
      <NoteForm type="credit" invoicePath={base} id="credito" heading="Emitir una nota de crédito" submit="Emitir nota de crédito">
        <fieldset>
          <legend>Qué acredita</legend>
          <label class="choice">
            <input type="radio" name="kind" value="return" required /> Devolución de mercadería (cantidades por línea)
          </label>
          <label class="choice">
            <input type="radio" name="kind" value="discount" /> Descuento posterior a la venta
          </label>
          <label class="choice">
            <input type="radio" name="kind" value="full" /> Todo lo que queda de la factura
          </label>
        </fieldset>
        <fieldset>
          <legend>Devolución: cantidad devuelta por línea</legend>
          {invoice.lines.map((line, i) => (
            <div key={i}>
              <label for={`return-${i + 1}`}>
                Línea {i + 1}: {line.description} (vendidas {Number(line.quantity)})
              </label>
              <input id={`return-${i + 1}`} name={returnField(i + 1)} inputMode="decimal" />
            </div>
          ))}
        </fieldset>
        <fieldset>
          <legend>Descuento</legend>
          <label for="discount">Monto del descuento (base, lempiras)</label>
          <input id="discount" name="discount" inputMode="decimal" />
          <label for="discount-rate">Tasa de ISV</label>
          <RateOptions rates={rates} id="discount-rate" />
        </fieldset>
      </NoteForm>
      <NoteForm type="debit" invoicePath={base} id="debito" heading="Emitir una nota de débito" submit="Emitir nota de débito">
        <label for="debit-description">Descripción del cargo</label>
        <input id="debit-description" name="description" maxLength={255} required />
        <label for="debit-amount">Precio unitario (lempiras)</label>
        <input id="debit-amount" name="amount" inputMode="decimal" required />
        <label for="debit-quantity">Cantidad (vacío: 1)</label>
        <input id="debit-quantity" name="quantity" inputMode="decimal" />
        <label for="debit-rate">Tasa de ISV</label>
        <RateOptions rates={rates} id="debit-rate" />
      </NoteForm>
      <section class="panel" aria-labelledby="anular">
        <h2 id="anular">Anular la factura</h2>
        <p>Solo para una factura emitida con errores (Art. 41); una venta que el cliente ya tiene se revierte con una nota de crédito.</p>
        <PostForm action={`${base}/annul`} class="stack">
          <label for="annul-reason">Motivo de la anulación (obligatorio)</label>
          <input id="annul-reason" name="reason" maxLength={255} required />
          <button class="danger" type="submit">
            Anular factura
          </button>
        </PostForm>
      </section>
    </>
  );
}

/**
 * `/companies/{code}/invoices/{id}`: the invoice (lines, taxes), its notes, its PDF; annul it with
 * a reason, or issue a credit or debit note, through the services the CLI uses, as the signed-in
 * operator. A refused change is the refusal page, and nothing changed.
 */
export function registerInvoicePages(router: ConsoleRouter, container: Container): void {
  const access = container.get(OperatorAccess);
  const invoices = container.get(InvoiceReader);
  const notes = container.get(NoteReader);
  const issuer = container.get(NoteIssuer);
  const annulment = container.get(InvoiceAnnulmentService);
  const pdfs = container.get(InvoicePdfService);
  const rates = container.get<AppConfig>(TOKENS.Config).allowedIsvRates;

  router.get('/companies/:code/invoices/:id', async (ctx) => {
    const company = await companyOf(ctx, access);
    const invoice = await invoices.get(company.id, pathId(ctx));
    const its = await notes.list(company.id, invoice.id);
    const base = companyPath(company.code, 'invoices', invoice.id);
    renderPage(ctx, {
      title: `Factura ${invoice.fiscalNumber}`,
      body: (
        <>
          <Crumbs company={company} trail={[{ href: companyPath(company.code, 'invoices'), label: 'Facturas' }]} />
          <h1>
            Factura {invoice.fiscalNumber} <DocumentStatus annulled={invoice.isAnnulled} />
          </h1>
          <dl class="facts">
            <dt>Fecha</dt>
            <dd>{formatInstant(invoice.invoiceDate)}</dd>
            <dt>Cliente</dt>
            <dd>{buyerName(invoice.clientName)}</dd>
            <dt>RTN</dt>
            <dd>{invoice.clientLegalId ?? '—'}</dd>
            <dt>CAI</dt>
            <dd>
              <code>{invoice.cai}</code>
            </dd>
          </dl>
          <p>
            <a href={`${base}/pdf`}>Descargar el PDF</a>
          </p>
          <LinesTable positionHeader="#" lines={invoice.lines.map((line, i) => ({ ...line, position: i + 1 }))} />
          <AmountsTable caption="Montos" amounts={invoice} />
          <h2>Notas</h2>
          <Notes company={company} notes={its} />
          <Actions company={company} invoice={invoice} rates={rates} />
        </>
      ),
    });
  });

  router.get('/companies/:code/invoices/:id/pdf', async (ctx) => {
    const company = await companyOf(ctx, access);
    const invoice = await invoices.get(company.id, pathId(ctx));
    sendPdf(ctx, `factura-${invoice.fiscalNumber}.pdf`, await pdfs.renderIssued(company.code, invoice));
  });

  router.post('/companies/:code/invoices/:id/annul', async (ctx) => {
    const company = await companyOf(ctx, access);
    const invoice = await invoices.get(company.id, pathId(ctx));
    const reason = parseReason(ctx.state.form.reason ?? '', 'reason');
    const back = companyPath(company.code, 'invoices', invoice.id);
    if (!isConfirmed(ctx)) {
      renderConfirmation(ctx, {
        title: `¿Anular la factura ${invoice.fiscalNumber}?`,
        submit: 'Sí, anular la factura',
        back,
        children: (
          <>
            <p>
              La factura {invoice.fiscalNumber} de {buyerName(invoice.clientName)}, por {formatLempiras(invoice.total)}, quedará ANULADA
              para siempre: una anulación no se deshace y su número no se vuelve a usar.
            </p>
            <dl class="facts">
              <dt>Motivo</dt>
              <dd>{reason}</dd>
            </dl>
          </>
        ),
      });
      return;
    }
    await annulment.annul(actorOf(ctx), company, invoice.id, reason, ctx.state.now);
    ctx.status = 303;
    ctx.redirect(back);
  });

  for (const type of NOTE_TYPES) {
    router.post(`/companies/:code/invoices/:id/${type}-notes`, async (ctx) => {
      const company = await companyOf(ctx, access);
      const invoice = await invoices.get(company.id, pathId(ctx));
      const { common, key } = noteCommon(ctx.state.form, invoice.id);
      const request =
        type === 'credit'
          ? creditRequestOf(ctx.state.form, common, invoice.lines.length, rates)
          : debitRequestOf(ctx.state.form, common, rates);
      if (!isConfirmed(ctx)) {
        const since = ctx.state.now.getTime() - RECENT_NOTES_MS;
        const recent = (await notes.list(company.id, invoice.id)).filter((n) => n.noteDate.getTime() >= since);
        const name = type === 'credit' ? 'nota de crédito' : 'nota de débito';
        renderConfirmation(ctx, {
          title: `¿Emitir una ${name} sobre la factura ${invoice.fiscalNumber}?`,
          submit: `Sí, emitir la ${name}`,
          back: companyPath(company.code, 'invoices', invoice.id),
          children: (
            <>
              <p>
                Se emitirá una {name} con un número fiscal nuevo, que no se puede retirar: si fuera un error, habría que anularla.
              </p>
              <dl class="facts">
                <dt>Motivo</dt>
                <dd>{request.reason}</dd>
              </dl>
              {recent.length === 0 ? (
                <p>No se emitió ninguna nota sobre esta factura en los últimos 10 minutos.</p>
              ) : (
                <div class="notice" role="status">
                  <p>
                    <strong>Atención:</strong> en los últimos 10 minutos ya se emitieron estas notas sobre la factura. Si volvió atrás y
                    envió el formulario otra vez, no confirme.
                  </p>
                  <Notes company={company} notes={recent} />
                </div>
              )}
            </>
          ),
        });
        return;
      }
      const { note } = await issuer.issue(actorOf(ctx), company, request, key, ctx.state.now);
      ctx.status = 303;
      ctx.redirect(companyPath(company.code, 'notes', note.id));
    });
  }
}
