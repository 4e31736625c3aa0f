import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import {
  classifyDatabaseError,
  isTransient,
  mayRetry,
  needsFreshConnection,
  RETRY_POLICIES,
  retryDelayMs,
} from '../../db/database-failure';
import type { SqlClient, SqlTransaction } from '../../db/sql-client';
import { violatesUniqueIndex } from '../../db/unique-violation';
import { AppError } from '../../domain/app-error';
import type { DocumentType } from '../../domain/document-type';
import { newVerificationToken } from '../../domain/verification-token';
import { TOKENS } from '../../tokens';
import { DOCUMENT_KINDS } from './document-kinds';
import { EmissionPointTurns } from './emission-point-turns';
import { IdempotencyStore, type IdempotencyClaim, type LiveKey } from './idempotency-store';
import { takeNextNumber, type TakenNumber } from './numbering';

/** Logged (warn) for each retried attempt: counted by operators and by the cluster test. */
export const RETRY_LOG_MESSAGE = 'issuing transaction retried after a transient database failure';

/**
 * What the kernel gives a document being written: the number taken (with the range it came from)
 * and the random token of its verification page, stored with it and printed in its QR code.
 */
export interface DocumentIssue extends TakenNumber {
  verificationToken: string;
}

/** A fiscal document about to be numbered and written. */
export interface NumberedDocument<W extends { documentId: number }> {
  companyId: number;
  companyCode: string;
  documentType: DocumentType;
  emissionPointId: number;
  /** The document's Honduras day: a range past its deadline on that day is not used. */
  day: string;
  /** The caller's idempotency key (of its kind's scope, see claimFor), or null when the document takes none. */
  claim: IdempotencyClaim | null;
  /** Writes the document's rows with its number and verification token, inside the transaction. */
  insert(tx: SqlTransaction, issue: DocumentIssue): Promise<W>;
}

/**
 * Told of the number each committed document took, after its transaction (the company's CAI range
 * alerts). The kernel owns the interface and the context that watches binds it
 * (TOKENS.NumberTakenWatcher), so the kernel depends on no feature (decision 69).
 */
export interface NumberTakenWatcher {
  afterIssue(companyCode: string, taken: TakenNumber, day: string): void;
}

/**
 * What a feature writes in a new document's own transaction, after its rows (the e-mail to its
 * buyer, in the outbox): committed with the document or not at all, and never for a replay,
 * which writes nothing. The kernel owns the interface and the feature's context binds it
 * (TOKENS.DocumentOutbox), as with NumberTakenWatcher.
 */
export interface DocumentOutbox {
  record(tx: SqlTransaction, doc: { companyId: number; documentType: DocumentType; documentId: number }): Promise<void>;
}

export type NumberedWrite<W> = { written: W; taken: TakenNumber } | { replayOf: LiveKey };

/**
 * The one numbered, idempotent, retried write of every fiscal document (decisions 12-14, 43, 48). In
 * one short transaction: lock the ranges of the document's type at its emission point and take
 * the next number, draw its verification token, write the document and what the outbox records
 * for it, bind the idempotency key to it, commit. A rolled-back
 * attempt consumed no number and bound no key, so a transient failure (deadlock, lock timeout, a
 * Galera certification failure, a lost connection) is simply run again; a key another request
 * bound first turns into that request's document (a replay).
 */
@injectable()
export class NumberedWriter {
  private readonly turns = new EmissionPointTurns();

  constructor(
    @inject(TOKENS.Sql) private readonly db: SqlClient,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(IdempotencyStore) private readonly keys: IdempotencyStore,
    @inject(TOKENS.NumberTakenWatcher) private readonly watcher: NumberTakenWatcher,
    @inject(TOKENS.DocumentOutbox) private readonly outbox: DocumentOutbox,
  ) {}

  /**
   * Writes the document in its emission point's turn (one transaction at a time per emission
   * point and type in this process, decision 43), then warns when its range became LOW or DUE.
   */
  async write<W extends { documentId: number }>(doc: NumberedDocument<W>): Promise<NumberedWrite<W>> {
    const result = await this.turns.run(doc.emissionPointId, doc.documentType, () => this.writeWithRetries(doc));
    if ('written' in result) this.watcher.afterIssue(doc.companyCode, result.taken, doc.day);
    return result;
  }

  private async writeWithRetries<W extends { documentId: number }>(doc: NumberedDocument<W>): Promise<NumberedWrite<W>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(
          async (tx) => {
            const taken = await takeNextNumber(tx, doc.emissionPointId, doc.documentType, doc.day);
            // Drawn here for every document type alike, afresh on each attempt (decision 54).
            const written = await doc.insert(tx, { ...taken, verificationToken: newVerificationToken() });
            await this.outbox.record(tx, { companyId: doc.companyId, documentType: doc.documentType, documentId: written.documentId });
            // Bound last, with the document's id: the key's row exists only for a committed document.
            if (doc.claim) await this.keys.bind(tx, doc.companyId, doc.claim, written.documentId);
            return { written, taken };
          },
          (err) => needsFreshConnection(classifyDatabaseError(err)),
        );
      } catch (err) {
        if (doc.claim && this.keys.isTaken(err)) {
          // Another request with this key committed first: answer as its replay (or mismatch);
          // or the key's record is past retention and, once dropped, the key is free again.
          const live = await this.keys.find(doc.companyId, doc.claim.scope, doc.claim.key);
          if (live) return { replayOf: live };
          if (mayRetry('conflict', attempt) && (await this.keys.dropExpired(doc.companyId, doc.claim.scope, doc.claim.key))) continue;
          throw err;
        }
        // A rolled-back attempt consumed no number and bound no key, so running it again keeps
        // numbers gapless and one document per key. (A connection lost during COMMIT may hide a
        // commit that happened: the next attempt then meets the key and answers its replay.)
        // A clash on the kind's (range, number) index: another node's commit reached the table
        // between our read of the range and our insert.
        const failure = violatesUniqueIndex(err, DOCUMENT_KINDS[doc.documentType].numberIndex) ? 'conflict' : classifyDatabaseError(err);
        if (!isTransient(failure)) throw err;
        if (!mayRetry(failure, attempt)) {
          this.logger.warn(
            { attempts: attempt, failure, err: (err as Error).message },
            'issuing gave up after transient database failures',
          );
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'The document could not be issued right now (the database is busy or not available); nothing was issued. Retry after the Retry-After seconds with the same idempotency key and request.',
            {
              retryAfterSeconds: RETRY_POLICIES[failure].retryAfterSeconds,
            },
          );
        }
        this.logger.warn({ attempt, failure, err: (err as Error).message }, RETRY_LOG_MESSAGE);
        await new Promise((r) => setTimeout(r, retryDelayMs(failure, attempt)));
      }
    }
  }
}
