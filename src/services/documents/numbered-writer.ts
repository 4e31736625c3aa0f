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
import { newVerificationToken, verificationBaseAtIssue } from '../../domain/verification-token';
import type { AppConfig } from '../../../config/config';
import { TOKENS } from '../../tokens';
import { DOCUMENT_KINDS } from './document-kinds';
import { EmissionPointTurns } from './emission-point-turns';
import { IdempotencyStore, type IdempotencyClaim, type LiveKey } from './idempotency-store';
import { takeNextNumber, type TakenNumber } from './numbering';
import type { FixedVersions } from './template-versions/fixed-versions';
import { TemplateVersionStore } from './template-versions/template-version-store';

/** Logged (warn) for each retried attempt: counted by operators and by the cluster test. */
export const RETRY_LOG_MESSAGE = 'issuing transaction retried after a transient database failure';

/**
 * What the kernel gives a document being written, all of it fixed at issue and stored with it:
 * the number taken (with the range it came from), the random token of its verification page and
 * the base of that page's address (decision 70), printed in its QR code, and the letterhead
 * versions it prints with (decision 44).
 */
export interface DocumentIssue extends TakenNumber {
  verificationToken: string;
  verificationBaseUrl: string;
  /** Null when its template could not be read at issue: its first PDF fixes them. */
  versions: FixedVersions | null;
}

/** A fiscal document about to be numbered and written, as its issuer describes it. */
export interface DocumentToIssue<W extends { documentId: number }> {
  companyCode: string;
  documentType: DocumentType;
  emissionPointId: number;
  /** The emission point as printed (000-001), for a refusal of its ranges that names it; none: the API's words. */
  emissionPointName?: string;
  /** The document's Honduras day: a range past its deadline on that day is not used. */
  day: string;
  /** The company's own verification address, or null for this service's (PUBLIC_BASE_URL). */
  companyVerificationBaseUrl: string | null;
  /** The company's letterhead counter as the caller authenticated with it, when it has one: the published versions then come from the read cache. */
  letterheadsRevision?: number;
  /** Writes the document's rows with what the kernel fixed for it, inside the transaction. */
  insert(tx: SqlTransaction, issue: DocumentIssue): Promise<W>;
}

interface NumberedDocument<W extends { documentId: number }> extends DocumentToIssue<W> {
  companyId: number;
  /** The caller's idempotency key (of its kind's scope, see claimFor), or null when the document takes none. */
  claim: IdempotencyClaim | null;
  /** What was fixed for it before its transaction: the same on every attempt. */
  fixed: Pick<DocumentIssue, 'verificationBaseUrl' | 'versions'>;
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

/** The document written, or the id of the one the caller's key already names (a replay of the same request). */
export type NumberedWrite<W> = { written: W; taken: TakenNumber } | { replayOf: number };

/**
 * The one numbered, idempotent, retried write of every fiscal document (decisions 12-14, 43, 48).
 * The caller's key is looked up first; then, outside any transaction, the letterhead versions
 * are stored (file work) and the verification address fixed; then, in
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
    @inject(TemplateVersionStore) private readonly templateVersions: TemplateVersionStore,
    @inject(TOKENS.Config) private readonly config: Pick<AppConfig, 'publicBaseUrl'>,
  ) {}

  /**
   * Issues a document under the caller's key (null when it takes none). A live key answers its
   * document (a replay) before anything else, so a replay answers even after the setup changed
   * or the request stopped being valid today. Otherwise `prepare` reads, checks and describes
   * the document: a refusal there stores nothing, since the versions are stored only after it.
   */
  async issue<W extends { documentId: number }>(
    companyId: number,
    claim: IdempotencyClaim | null,
    prepare: () => Promise<DocumentToIssue<W>>,
  ): Promise<NumberedWrite<W>> {
    if (claim) {
      const live = await this.keys.find(companyId, claim.scope, claim.key);
      if (live) return replayOf(claim, live);
    }
    const doc = await prepare();
    const versions = await this.templateVersions.current(doc.companyCode, doc.documentType, doc.letterheadsRevision);
    const verificationBaseUrl = verificationBaseAtIssue(doc.companyVerificationBaseUrl, this.config.publicBaseUrl);
    return this.write({ ...doc, companyId, claim, fixed: { versions, verificationBaseUrl } });
  }

  /**
   * Writes the document in its emission point's turn (one transaction at a time per emission
   * point and type in this process, decision 43), then warns when its range became LOW or DUE.
   */
  private async write<W extends { documentId: number }>(doc: NumberedDocument<W>): Promise<NumberedWrite<W>> {
    const result = await this.turns.run(doc.emissionPointId, doc.documentType, () => this.writeWithRetries(doc));
    if ('written' in result) this.watcher.afterIssue(doc.companyCode, result.taken, doc.day);
    return result;
  }

  private async writeWithRetries<W extends { documentId: number }>(doc: NumberedDocument<W>): Promise<NumberedWrite<W>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(
          async (tx) => {
            const taken = await takeNextNumber(tx, doc.emissionPointId, doc.documentType, doc.day, doc.emissionPointName);
            // The token is drawn here for every document type alike, afresh on each attempt (decision 54).
            const written = await doc.insert(tx, { ...taken, verificationToken: newVerificationToken(), ...doc.fixed });
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
          if (live) return replayOf(doc.claim, live);
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

/** The key's document when it was bound to this very request; a key used for another request is refused. */
function replayOf(claim: IdempotencyClaim, live: LiveKey): { replayOf: number } {
  if (live.fingerprint !== claim.fingerprint) throw new AppError('IDEMPOTENCY_KEY_REQUEST_MISMATCH', claim.mismatch);
  return { replayOf: live.documentId };
}
