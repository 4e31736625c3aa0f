import type { Container } from 'inversify';
import { DOCUMENT_TYPE_INFO } from '../../domain/document-type';
import { NotePdfService, NoteReader, type NoteView } from '../../services/sales';
import { ActivityReader, documentTarget, type VisibleCompany } from '../../services/access';
import { DeliveryMessages } from '../../services/delivery';
import { companyPath } from '../company-paths';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { formEchoOf } from '../form-refusal';
import { RESEND_FIELDS, resendDocument } from '../resend';
import { companyOf, pathId } from '../page-tools';
import { renderPage } from '../render';
import { AnnulmentFacts } from '../views/annulment';
import { Crumbs } from '../views/crumbs';
import { AmountsTable, DocumentStatus, LinesTable } from '../views/document-tables';
import { formatInstant } from '../views/format';
import { DeliveryPanel } from '../views/delivery-panel';
import type { RefusedForm } from '../views/form-echo';
import { sendPdf } from './file-answers';
import { buyerName } from '../../domain/document-words';

/** `/companies/{code}/notes/{id}` and its `/pdf`: a credit or debit note as issued. */
export function registerNotePages(router: ConsoleRouter, container: Container): void {
  const notes = container.get(NoteReader);
  const pdfs = container.get(NotePdfService);
  const deliveries = container.get(DeliveryMessages);
  const trail = container.get(ActivityReader);

  /** The note's page; with `echo`, the resend refused comes back as typed, with the refusal's status. */
  const show = async (ctx: ConsoleContext, company: VisibleCompany, note: NoteView, echo?: RefusedForm) => {
    const sent = await deliveries.ofDocument(company, note.documentType, note.id);
    const title = `${DOCUMENT_TYPE_INFO[note.documentType].title} ${note.fiscalNumber}`;
    const annulment = note.isAnnulled
      ? await trail.latest(company.id, 'note-annulled', documentTarget(note.documentType, note.fiscalNumber, note.id))
      : null;
    renderPage(ctx, {
      title,
      echo,
      body: (
        <>
          <Crumbs
            company={company}
            trail={[{ href: companyPath(company.code, 'invoices', note.invoiceId), label: `Factura ${note.invoiceFiscalNumber}` }]}
          />
          <h1>
            {title} <DocumentStatus annulled={note.isAnnulled} />
          </h1>
          <dl class="facts">
            <dt>Fecha</dt>
            <dd>{formatInstant(note.noteDate)}</dd>
            <dt>Documento que modifica</dt>
            <dd>
              <a href={companyPath(company.code, 'invoices', note.invoiceId)}>{note.invoiceFiscalNumber}</a>
            </dd>
            <dt>Cliente</dt>
            <dd>{buyerName(note.clientName)}</dd>
            <dt>Motivo</dt>
            <dd>{note.reason}</dd>
            <dt>CAI</dt>
            <dd>
              <code>{note.cai}</code>
            </dd>
          </dl>
          {note.isAnnulled && <AnnulmentFacts entry={annulment} stored={{ at: note.annulledAt, reason: note.annulReason }} />}
          <p>
            <a href={`${companyPath(company.code, 'notes', note.id)}/pdf`}>Descargar el PDF</a>
          </p>
          <LinesTable
            positionHeader="Línea de la factura"
            lines={note.lines.map((line) => ({ ...line, position: line.invoiceLineNumber }))}
          />
          <AmountsTable caption="Montos" amounts={note} />
          <DeliveryPanel messages={sent} resendPath={`${companyPath(company.code, 'notes', note.id)}/resend`} annulled={note.isAnnulled} />
        </>
      ),
    });
  };

  router.get('/companies/:code/notes/:id', async (ctx) => {
    const company = companyOf(ctx);
    await show(ctx, company, await notes.get(company, pathId(ctx)));
  });

  router.post('/companies/:code/notes/:id/resend', async (ctx) => {
    const company = companyOf(ctx);
    const note = await notes.get(company, pathId(ctx));
    try {
      await resendDocument(ctx, deliveries, company, { kind: 'note', id: note.id });
    } catch (err) {
      const echo = formEchoOf(err, 'resend', ctx.state.form, RESEND_FIELDS);
      if (echo === null) throw err;
      await show(ctx, company, note, echo);
    }
  });

  router.get('/companies/:code/notes/:id/pdf', async (ctx) => {
    const company = companyOf(ctx);
    const note = await notes.get(company, pathId(ctx));
    sendPdf(ctx, `nota-${note.fiscalNumber}.pdf`, await pdfs.render(company, note));
  });
}
