import type { DocumentType } from '../../domain/document-type';

/**
 * One issuing transaction at a time per emission point and document type within this process,
 * in arrival order (decision 43).
 *
 * The database already serialises issues of one type on one emission point (they all lock that
 * type's range rows), so this costs a single server nothing. On a multi-writer cluster it
 * matters: row locks are local to a node, and a commit arriving from another node aborts every
 * local transaction holding or waiting for that row. With a dozen local transactions queued on
 * the row, each remote commit would abort them all and a few would lose again and again; taking
 * turns here leaves one local contender per node, whose conflicts the retry loop absorbs. Issues
 * of another type lock other rows, so they take their own turns.
 */
export class EmissionPointTurns {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(emissionPointId: number, documentType: DocumentType, task: () => Promise<T>): Promise<T> {
    const key = `${emissionPointId}/${documentType}`;
    const previous = this.tails.get(key) ?? Promise.resolve();
    const mine = previous.then(task, task);
    const tail = mine.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await mine;
    } finally {
      // The last one out leaves no entry behind.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
