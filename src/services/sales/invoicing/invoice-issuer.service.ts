import { inject, injectable } from 'inversify';
import { hondurasDate } from '../../../domain/calendar-date';
import { requestFingerprint } from '../../../domain/request-fingerprint';
import type { SqlClient } from '../../../db/sql-client';
import { TOKENS } from '../../../tokens';
import type { InvoiceRequest } from '../pricing/invoice-request';
import { InvoicePricer } from '../pricing/invoice-pricer.service';
import type { Principal } from '../../access';
import { claimFor, NumberedWriter } from '../../documents';
import { InvoicePdfService } from './invoice-pdf.service';
import { InvoiceReader } from './invoice-reader.service';
import type { InvoiceView } from './invoice-view';
import { invoiceContentOf, InvoiceRowWriter } from './invoice-factory';

/** What the issuing transaction or the replay gives, before the PDF. */
interface IssueResult {
  invoice: InvoiceView;
  replayed: boolean;
}

/** POST /v1/invoices' answer: the invoice, whether it is a replay, and its PDF (null when it could not be rendered). */
export interface IssuedInvoice extends IssueResult {
  pdf: Buffer | null;
}

/**
 * POST /v1/invoices: exactly one invoice per (company, Idempotency-Key), with the next gapless
 * number of the CAI range, through the documents kernel's numbered write (decisions 12-14).
 */
@injectable()
export class InvoiceIssuer {
  private readonly rows: InvoiceRowWriter;

  constructor(
    @inject(TOKENS.Sql) db: SqlClient,
    @inject(InvoicePricer) private readonly pricer: InvoicePricer,
    @inject(NumberedWriter) private readonly writer: NumberedWriter,
    @inject(InvoiceReader) private readonly reader: InvoiceReader,
    @inject(InvoicePdfService) private readonly pdf: InvoicePdfService,
  ) {
    this.rows = new InvoiceRowWriter(db);
  }

  /**
   * The invoice for this key (new or replayed) with its PDF. The PDF is rendered after the
   * commit, never under a lock, from the template versions fixed at issue, so a replay prints the
   * original document; a render failure gives a null PDF and the invoice stands.
   */
  async issue(
    company: Pick<Principal, 'companyId' | 'companyCode' | 'revisions'>,
    key: string,
    body: unknown,
    parse: (body: unknown) => InvoiceRequest,
  ): Promise<IssuedInvoice> {
    const issued = await this.issueOrReplay(company, key, body, parse);
    const pdf = await this.pdf.renderIssuedOrNull(company.companyCode, issued.invoice);
    return { ...issued, pdf };
  }

  /**
   * The numbered write checks the key before anything else, so a replay answers even after the
   * setup changed or the body stopped being valid today (an invoiceDate of yesterday). `parse`
   * validates the body only for a new key.
   */
  private async issueOrReplay(
    company: Pick<Principal, 'companyId' | 'companyCode' | 'revisions'>,
    key: string,
    body: unknown,
    parse: (body: unknown) => InvoiceRequest,
  ): Promise<IssueResult> {
    const { companyId } = company;
    const claim = claimFor(
      'invoice',
      key,
      requestFingerprint(body),
      'This Idempotency-Key was used with a different request body; use a new key for a different invoice.',
    );
    const result = await this.writer.issue(companyId, claim, async () => {
      const request = parse(body);
      const priced = await this.pricer.price(company, request, 'issue');
      const content = invoiceContentOf(priced);
      return {
        companyCode: company.companyCode,
        documentType: 'invoice',
        emissionPointId: priced.config.emissionPoint.id,
        day: hondurasDate(request.invoiceDate),
        companyVerificationBaseUrl: priced.config.company.verificationBaseUrl,
        letterheadsRevision: company.revisions.letterheads,
        insert: async (tx, issue) => {
          const invoice = await this.rows.insert(tx, companyId, priced, content, issue);
          return { documentId: invoice.id, invoice };
        },
      };
    });
    if ('replayOf' in result) return this.replay(companyId, result.replayOf);
    // Answered from the rows just committed (the same columns GET reads), not read back.
    return { invoice: result.written.invoice, replayed: false };
  }

  private async replay(companyId: number, documentId: number): Promise<IssueResult> {
    return { invoice: await this.reader.get(companyId, documentId), replayed: true };
  }
}
