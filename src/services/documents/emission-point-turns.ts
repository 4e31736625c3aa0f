/**
 * One issuing transaction at a time per emission point within this process, in arrival order
 * (decision 43).
 *
 * The database already serialises issues on one emission point (they all lock its range row),
 * so this costs a single server nothing. On a multi-writer cluster it matters: row locks are
 * local to a node, and a commit arriving from another node aborts every local transaction
 * holding or waiting for that row. With a dozen local transactions queued on the row, each
 * remote commit would abort them all and a few would lose again and again; taking turns here
 * leaves one local contender per node, whose conflicts the retry loop absorbs.
 */
export class EmissionPointTurns {
  private readonly tails = new Map<string | number, Promise<unknown>>();

  async run<T>(emissionPointId: string | number, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(emissionPointId) ?? Promise.resolve();
    const mine = previous.then(task, task);
    const tail = mine.catch(() => undefined);
    this.tails.set(emissionPointId, tail);
    try {
      return await mine;
    } finally {
      // The last one out leaves no entry behind.
      if (this.tails.get(emissionPointId) === tail) this.tails.delete(emissionPointId);
    }
  }
}
