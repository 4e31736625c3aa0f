import type { Container } from 'inversify';
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
import { ActivityReader, documentTarget, type VisibleCompany } from '../../services/access';
import { DeliveryMessages } from '../../services/delivery';
import { TOKENS } from '../../tokens';
import { companyPath } from '../company-paths';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { type FieldOfRefusal, type FieldSentences, formEchoOf } from '../form-refusal';
import { creditRequestOf, debitRequestOf, noteCommon, noteFieldSentences, noteRefusalField } from '../note-form';
import { actorOf, companyOf, pathId } from '../page-tools';
import { renderPage } from '../render';
import { AnnulmentFacts } from '../views/annulment';
import { Crumbs } from '../views/crumbs';
import { DataTable } from '../views/data-table';
import { AmountsTable, DocumentStatus, LinesTable } from '../views/document-tables';
import { formatInstant, formatLempiras } from '../views/format';
import { DeliveryPanel } from '../views/delivery-panel';
import { isConfirmed, renderConfirmation } from '../views/confirmation';
import type { RefusedForm } from '../views/form-echo';
import { ANNUL_FIELDS, InvoiceActions, NOTE_TYPES } from './invoice-forms';
import { sendPdf } from './file-answers';
import { RESEND_FIELDS, resendDocument } from '../resend';
import { buyerName } from '../../domain/document-words';

/** How far back a note's confirmation looks for notes already issued on the invoice (a form sent again after Back). */
const RECENT_NOTES_MS = 10 * 60 * 1000;

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
 * `/companies/{code}/invoices/{id}`: the invoice (lines, taxes), its notes, its PDF; annul it with
 * a reason, or issue a credit or debit note, through the services the CLI uses, as the signed-in
 * operator. A refused change changes nothing and shows the page again, the form as it was typed.
 */
export function registerInvoicePages(router: ConsoleRouter, container: Container): void {
  const invoices = container.get(InvoiceReader);
  const notes = container.get(NoteReader);
  const issuer = container.get(NoteIssuer);
  const annulment = container.get(InvoiceAnnulmentService);
  const pdfs = container.get(InvoicePdfService);
  const deliveries = container.get(DeliveryMessages);
  const trail = container.get(ActivityReader);
  const rates = container.get<AppConfig>(TOKENS.Config).allowedIsvRates;

  /** The invoice's page; with `echo`, the form that was refused comes back filled in, with the refusal's status. */
  const show = async (ctx: ConsoleContext, company: VisibleCompany, invoice: InvoiceView, echo?: RefusedForm) => {
    const its = await notes.list(company.id, invoice.id);
    const sent = await deliveries.ofDocument(company, 'invoice', invoice.id);
    const annulment = invoice.isAnnulled
      ? await trail.latest(company.id, 'invoice-annulled', documentTarget('invoice', invoice.fiscalNumber, invoice.id))
      : null;
    const base = companyPath(company.code, 'invoices', invoice.id);
    renderPage(ctx, {
      title: `Factura ${invoice.fiscalNumber}`,
      echo,
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
          {invoice.isAnnulled && <AnnulmentFacts entry={annulment} stored={{ at: null, reason: null }} />}
          <p>
            <a href={`${base}/pdf`}>Descargar el PDF</a>
          </p>
          <LinesTable positionHeader="#" lines={invoice.lines.map((line, i) => ({ ...line, position: i + 1 }))} />
          <AmountsTable caption="Montos" amounts={invoice} />
          <h2>Notas</h2>
          <Notes company={company} notes={its} />
          <DeliveryPanel messages={sent} resendPath={`${base}/resend`} annulled={invoice.isAnnulled} />
          <InvoiceActions company={company} invoice={invoice} rates={rates} />
        </>
      ),
    });
  };

  /**
   * Adds a form's POST on the invoice (`…/invoices/{id}/<action>`): `act` runs on the path's
   * invoice; a refusal of what was typed shows the invoice's page again with the form filled in
   * and the refusal beside its field (anything else is the refusal page).
   */
  const postForm = (
    action: string,
    form: string,
    fields: (invoice: InvoiceView) => FieldSentences,
    act: (ctx: ConsoleContext, company: VisibleCompany, invoice: InvoiceView) => Promise<void>,
    extra?: FieldOfRefusal,
  ) =>
    router.post(`/companies/:code/invoices/:id/${action}`, async (ctx) => {
      const company = companyOf(ctx);
      const invoice = await invoices.get(company.id, pathId(ctx));
      try {
        await act(ctx, company, invoice);
      } catch (err) {
        const echo = formEchoOf(err, form, ctx.state.form, fields(invoice), extra);
        if (echo === null) throw err;
        await show(ctx, company, invoice, echo);
      }
    });

  router.get('/companies/:code/invoices/:id', async (ctx) => {
    const company = companyOf(ctx);
    await show(ctx, company, await invoices.get(company.id, pathId(ctx)));
  });

  router.get('/companies/:code/invoices/:id/pdf', async (ctx) => {
    const company = companyOf(ctx);
    const invoice = await invoices.get(company.id, pathId(ctx));
    sendPdf(ctx, `factura-${invoice.fiscalNumber}.pdf`, await pdfs.renderIssued(company.code, invoice));
  });

  postForm(
    'annul',
    'annul',
    () => ANNUL_FIELDS,
    async (ctx, company, invoice) => {
      const reason = parseReason(ctx.state.form.reason ?? '', 'reason');
      const back = companyPath(company.code, 'invoices', invoice.id);
      if (!isConfirmed(ctx)) {
        renderConfirmation(ctx, {
          title: `¿Anular la factura ${invoice.fiscalNumber}?`,
          submit: 'Sí, anular la factura',
          back,
          reason,
          children: (
            <p>
              La factura {invoice.fiscalNumber} de {buyerName(invoice.clientName)}, por {formatLempiras(invoice.total)}, quedará ANULADA
              para siempre: una anulación no se deshace y su número no se vuelve a usar.
            </p>
          ),
        });
        return;
      }
      await annulment.annul(actorOf(ctx), company, invoice.id, reason, ctx.state.now);
      ctx.status = 303;
      ctx.redirect(back);
    },
  );

  postForm(
    'resend',
    'resend',
    () => RESEND_FIELDS,
    (ctx, company, invoice) => resendDocument(ctx, deliveries, company, { kind: 'invoice', id: invoice.id }),
  );

  for (const type of NOTE_TYPES) {
    postForm(
      `${type}-notes`,
      type,
      (invoice) => noteFieldSentences(invoice.lines.length),
      async (ctx, company, invoice) => {
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
                <p>Se emitirá una {name} con un número fiscal nuevo, que no se puede retirar: si fuera un error, habría que anularla.</p>
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
      },
      noteRefusalField,
    );
  }
}
