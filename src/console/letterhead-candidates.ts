import { randomBytes } from 'node:crypto';
import type { DocumentType } from '../domain/document-type';
import type { LogoChoice } from '../services/documents';
import type { TemplateBytes } from '../pdf/template-check';

/** A letterhead uploaded and checked, waiting for its operator to publish it. */
export interface LetterheadCandidate {
  sessionId: string;
  companyId: number;
  documentType: DocumentType;
  template: TemplateBytes;
  logo: LogoChoice;
  /** The sample document printed with it (the preview). */
  pdf: Buffer;
  expiresAt: number;
}

/** How long an uploaded candidate waits to be published: a session's idle time. */
const CANDIDATE_TTL_MS = 30 * 60 * 1000;
/** At most this many candidates are held (the oldest go first): their files live in memory. */
const MAX_CANDIDATES = 50;

/**
 * Candidates that passed the check, held by this console process under a random id, each bound to
 * the session that uploaded it: "Publicar" publishes exactly the bytes that were checked and
 * previewed, never a file the browser sends again. The id is unguessable (128 bits) and only its
 * session can see or publish it; it expires with the session's idle time.
 */
export class LetterheadCandidates {
  private readonly held = new Map<string, LetterheadCandidate>();

  add(candidate: Omit<LetterheadCandidate, 'expiresAt'>, now: Date): string {
    this.sweep(now);
    while (this.held.size >= MAX_CANDIDATES) this.held.delete(this.held.keys().next().value as string);
    const id = randomBytes(16).toString('hex');
    this.held.set(id, { ...candidate, expiresAt: now.getTime() + CANDIDATE_TTL_MS });
    return id;
  }

  /** The session's candidate for the company, if it is still held. */
  find(id: string, sessionId: string, companyId: number, now: Date): LetterheadCandidate | undefined {
    this.sweep(now);
    const candidate = this.held.get(id);
    return candidate && candidate.sessionId === sessionId && candidate.companyId === companyId ? candidate : undefined;
  }

  /** Once published, a candidate is gone: publishing it twice would add a second identical row. */
  remove(id: string): void {
    this.held.delete(id);
  }

  private sweep(now: Date): void {
    for (const [id, candidate] of this.held) if (candidate.expiresAt <= now.getTime()) this.held.delete(id);
  }
}
