import { randomBytes } from 'node:crypto';

/** What every held upload says of whose it is. */
export interface HeldFor {
  sessionId: string;
  companyId: number;
}

/** How long an upload waits for its operator's next step: a session's idle time. */
const HELD_TTL_MS = 30 * 60 * 1000;
/** At most this many uploads are held (the oldest go first): they live in memory. */
const MAX_HELD = 50;

/**
 * Uploads that were checked and previewed, held by this console process under a random id, each
 * bound to the session that uploaded it: the confirming step acts on exactly what was previewed,
 * never on a file the browser sends again. The id is unguessable (128 bits) and only its session
 * can see or use it; it expires with the session's idle time.
 */
export class SessionHeld<T extends HeldFor> {
  private readonly held = new Map<string, T & { expiresAt: number }>();

  add(item: T, now: Date): string {
    this.sweep(now);
    while (this.held.size >= MAX_HELD) this.held.delete(this.held.keys().next().value as string);
    const id = randomBytes(16).toString('hex');
    this.held.set(id, { ...item, expiresAt: now.getTime() + HELD_TTL_MS });
    return id;
  }

  /** The session's upload for the company, if it is still held. */
  find(id: string, sessionId: string, companyId: number, now: Date): T | undefined {
    this.sweep(now);
    const item = this.held.get(id);
    return item && item.sessionId === sessionId && item.companyId === companyId ? item : undefined;
  }

  /** Once used, an upload is gone: using it twice would repeat its effect. */
  remove(id: string): void {
    this.held.delete(id);
  }

  private sweep(now: Date): void {
    for (const [id, item] of this.held) if (item.expiresAt <= now.getTime()) this.held.delete(id);
  }
}
