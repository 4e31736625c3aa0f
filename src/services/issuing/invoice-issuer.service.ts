import { DeadlockException, EntityManager, LockWaitTimeoutException, UniqueConstraintViolationException } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { AppError } from '../../domain/app-error';
import { hondurasDate } from '../../domain/calendar-date';
import { requestFingerprint } from '../../domain/request-fingerprint';
import { TOKENS } from '../../tokens';
import type { InvoiceRequest } from '../pricing/invoice-request';
import { InvoicePricer } from '../pricing/invoice-pricer.service';
import { InvoiceReader } from '../invoice-reader.service';
import { invoiceViewOf, type InvoiceView } from '../invoice-view';
import { takeNextNumber } from './cai-numbering';
import { IdempotencyStore } from './idempotency-store';
import { createInvoiceRows } from './invoice-factory';

/** Attempts of the issuing transaction when MySQL picks it as a deadlock victim or times a lock out. */
const MAX_ATTEMPTS = 4;

export interface IssueResult {
  invoice: InvoiceView;
  replayed: boolean;
}

/**
 * POST /v1/invoices: exactly one invoice per (company, Idempotency-Key), with the next gapless
 * number of the CAI range (DESIGN sections 5-6, STYLE habit 6).
 */
@injectable()
export class InvoiceIssuer {
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(InvoicePricer) private readonly pricer: InvoicePricer,
    @inject(IdempotencyStore) private readonly keys: IdempotencyStore,
    @inject(InvoiceReader) private readonly reader: InvoiceReader,
  ) {}

  /**
   * The key is checked before anything else, so a replay answers even after the setup changed
   * or the body stopped being valid today (an invoiceDate of yesterday). `parse` validates the
   * body only for a new key.
   */
  async issue(companyId: number, key: string, body: unknown, parse: (body: unknown) => InvoiceRequest): Promise<IssueResult> {
    const fingerprint = requestFingerprint(body);
    const existing = await this.replayOf(companyId, key, fingerprint);
    if (existing) return existing;

    const request = parse(body);
    const priced = await this.pricer.price(companyId, request, 'issue');
    for (let attempt = 1; ; attempt++) {
      try {
        const invoice = await this.em.transactional(async (em) => {
          const recordId = await this.keys.claim(em, companyId, key, fingerprint);
          const taken = await takeNextNumber(em, priced.config.emissionPoint.id, hondurasDate(request.invoiceDate));
          const written = createInvoiceRows(em, companyId, priced, taken);
          await em.flush();
          await this.keys.bind(em, recordId, written);
          return written;
        });
        // Answered from the rows just committed (the same columns GET reads), not read back.
        return { invoice: invoiceViewOf(invoice), replayed: false };
      } catch (err) {
        const retriesLeft = attempt < MAX_ATTEMPTS;
        if (isKeyConflict(err)) {
          // Another request with this key committed first: answer as its replay (or mismatch);
          // or the key's record is past retention and, once dropped, the key is free again.
          const replay = await this.replayOf(companyId, key, fingerprint);
          if (replay) return replay;
          if (retriesLeft && (await this.keys.dropExpired(companyId, key))) continue;
        } else if (retriesLeft && (err instanceof DeadlockException || err instanceof LockWaitTimeoutException)) {
          this.logger.warn({ attempt, err: err.message }, 'issuing transaction retried after a lock conflict');
          await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 30));
          continue;
        }
        throw err;
      }
    }
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
  return err instanceof UniqueConstraintViolationException && /uq_idempotency_records_company_key/.test(err.message);
}
