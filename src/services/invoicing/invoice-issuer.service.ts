import { EntityManager } from '@mikro-orm/mysql';
import { violatesUniqueIndex } from '../../db/unique-violation';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { classifyDatabaseError, isTransient, mayRetry, needsFreshConnection, RETRY_POLICIES, retryDelayMs } from '../../db/database-failure';
import { transactionConnection } from '../../db/transaction-connection';
import { AppError } from '../../domain/app-error';
import { hondurasDate } from '../../domain/calendar-date';
import { requestFingerprint } from '../../domain/request-fingerprint';
import { TOKENS } from '../../tokens';
import type { Invoice } from '../../entities';
import type { InvoiceRequest } from '../pricing/invoice-request';
import { InvoicePricer, PricedInvoice } from '../pricing/invoice-pricer.service';
import type { Principal } from '../authenticator.service';
import { InvoicePdfService } from './invoice-pdf.service';
import { InvoiceReader } from './invoice-reader.service';
import { invoiceViewOf, type InvoiceView } from './invoice-view';
import { TemplateVersionStore, type FixedVersions } from '../template-versions.service';
import { CaiRangeAlerts } from '../cai-status/cai-range-alerts';
import { takeNextNumber } from '../documents/numbering';
import { EmissionPointTurns } from '../documents/emission-point-turns';
import { IdempotencyStore } from '../documents/idempotency-store';
import { createInvoiceRows } from './invoice-factory';

/** Logged (warn) for each retried attempt: counted by operators and by the cluster test. */
export const RETRY_LOG_MESSAGE = 'issuing transaction retried after a transient database failure';

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
 * number of the CAI range (decisions 12-14).
 */
@injectable()
export class InvoiceIssuer {
  private readonly turns = new EmissionPointTurns();

  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(InvoicePricer) private readonly pricer: InvoicePricer,
    @inject(IdempotencyStore) private readonly keys: IdempotencyStore,
    @inject(InvoiceReader) private readonly reader: InvoiceReader,
    @inject(TemplateVersionStore) private readonly templateVersions: TemplateVersionStore,
    @inject(CaiRangeAlerts) private readonly caiAlerts: CaiRangeAlerts,
    @inject(InvoicePdfService) private readonly pdf: InvoicePdfService,
  ) {}

  /**
   * The invoice for this key (new or replayed) with its PDF. The PDF is rendered after the
   * commit, never under a lock, from the template versions fixed at issue, so a replay prints the
   * original document; a render failure gives a null PDF and the invoice stands.
   */
  async issue(company: Pick<Principal, 'companyId' | 'companyCode'>, key: string, body: unknown, parse: (body: unknown) => InvoiceRequest): Promise<IssuedInvoice> {
    const issued = await this.issueOrReplay(company.companyId, key, body, parse);
    const pdf = await this.pdf.renderIssuedOrNull(company.companyCode, issued.invoice);
    return { ...issued, pdf };
  }

  /**
   * The key is checked before anything else, so a replay answers even after the setup changed
   * or the body stopped being valid today (an invoiceDate of yesterday). `parse` validates the
   * body only for a new key.
   */
  private async issueOrReplay(companyId: number, key: string, body: unknown, parse: (body: unknown) => InvoiceRequest): Promise<IssueResult> {
    const fingerprint = requestFingerprint(body);
    const existing = await this.replayOf(companyId, key, fingerprint);
    if (existing) return existing;

    const request = parse(body);
    const priced = await this.pricer.price(companyId, request, 'issue');
    // Reading and hashing the letterhead is file work: done before the transaction, which only writes the ids.
    const versions = await this.templateVersions.current(priced.config.company.code);
    const issued = await this.turns.run(priced.config.emissionPoint.id, 'invoice', () => this.issueInTransaction(companyId, key, fingerprint, request, priced, versions));
    if ('replayed' in issued) return issued;
    this.caiAlerts.afterIssue(priced.config.company.code, issued.written);
    // Answered from the rows just committed (the same columns GET reads), not read back.
    return { invoice: invoiceViewOf(issued.written, versions), replayed: false };
  }

  /**
   * The issuing transaction, run again after a transient failure: the rows of the new invoice as
   * committed, or the replay when a concurrent request with the key committed first.
   */
  private async issueInTransaction(companyId: number, key: string, fingerprint: string, request: InvoiceRequest, priced: PricedInvoice, versions: FixedVersions | null): Promise<{ written: Invoice } | IssueResult> {
    let written: Invoice | undefined;
    for (let attempt = 1; written === undefined; attempt++) {
      let connection: { discard(reason: unknown): void } | undefined;
      try {
        written = await this.em.transactional(async (em) => {
          connection = await transactionConnection(em);
          const recordId = await this.keys.claim(em, companyId, key, fingerprint);
          const taken = await takeNextNumber(em, priced.config.emissionPoint.id, 'invoice', hondurasDate(request.invoiceDate));
          const invoice = createInvoiceRows(em, companyId, priced, taken, versions);
          await em.flush();
          await this.keys.bind(em, recordId, invoice);
          return invoice;
        });
      } catch (err) {
        if (isKeyConflict(err)) {
          // Another request with this key committed first: answer as its replay (or mismatch);
          // or the key's record is past retention and, once dropped, the key is free again.
          const replay = await this.replayOf(companyId, key, fingerprint);
          if (replay) return replay;
          if (mayRetry('conflict', attempt) && (await this.keys.dropExpired(companyId, key))) continue;
          throw err;
        }
        // A rolled-back attempt consumed no number and bound no key, so running it again keeps
        // numbers gapless and one invoice per key. (A connection lost during COMMIT may hide a
        // commit that happened: the next attempt then meets the key and answers its replay.)
        // When the attempts are spent: 503 with Retry-After.
        const failure = isNumberTaken(err) ? 'conflict' : classifyDatabaseError(err);
        if (needsFreshConnection(failure)) connection?.discard(err);
        if (!isTransient(failure)) throw err;
        if (!mayRetry(failure, attempt)) {
          this.logger.warn({ attempts: attempt, failure, err: (err as Error).message }, 'issuing gave up after transient database failures');
          throw new AppError('SERVICE_UNAVAILABLE', 'The invoice could not be issued right now (the database is busy or not available); nothing was issued. Retry after the Retry-After seconds with the same Idempotency-Key and body.', {
            retryAfterSeconds: RETRY_POLICIES[failure].retryAfterSeconds,
          });
        }
        this.logger.warn({ attempt, failure, err: (err as Error).message }, RETRY_LOG_MESSAGE);
        await new Promise((r) => setTimeout(r, retryDelayMs(failure, attempt)));
      }
    }
    return { written };
  }

  private async replayOf(companyId: number, key: string, fingerprint: string): Promise<IssueResult | null> {
    const record = await this.keys.find(companyId, key);
    if (!record || record.invoiceId === null) return null;
    if (record.fingerprint !== fingerprint) {
      throw new AppError('IDEMPOTENCY_KEY_REQUEST_MISMATCH', 'This Idempotency-Key was used with a different request body; use a new key for a different invoice.');
    }
    return { invoice: await this.reader.get(companyId, record.invoiceId), replayed: true };
  }
}

function isKeyConflict(err: unknown): boolean {
  return violatesUniqueIndex(err, 'uq_idempotency_records_company_key');
}

/**
 * The number this attempt took is already an invoice's: the range row it read was stale. On one
 * server the row lock rules that out; on a Galera cluster another node's commit can be applied
 * here between this transaction's read and its insert (the lock is local, and the abort it
 * causes may arrive after the insert fails). A race lost like a certification failure: retried.
 */
function isNumberTaken(err: unknown): boolean {
  return violatesUniqueIndex(err, 'uq_invoices_cai_range_number');
}
