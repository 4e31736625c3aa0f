import { EmissionPointTurns } from '../../src/services/documents/emission-point-turns';

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

describe('EmissionPointTurns', () => {
  it('runs the tasks of one emission point one at a time, in arrival order', async () => {
    const turns = new EmissionPointTurns();
    const events: string[] = [];
    const task = (name: string) => async () => {
      events.push(`start ${name}`);
      await tick();
      events.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      turns.run(1, 'invoice', task('a')),
      turns.run(1, 'invoice', task('b')),
      turns.run(1, 'invoice', task('c')),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets different emission points run at the same time', async () => {
    const turns = new EmissionPointTurns();
    let inFlight = 0;
    let most = 0;
    const task = async () => {
      most = Math.max(most, ++inFlight);
      await tick();
      inFlight--;
    };
    await Promise.all([turns.run(1, 'invoice', task), turns.run(2, 'invoice', task), turns.run(3, 'invoice', task)]);
    expect(most).toBe(3);
  });

  it('lets two document types of one emission point run at the same time: they number from different ranges', async () => {
    const turns = new EmissionPointTurns();
    let inFlight = 0;
    let most = 0;
    const task = async () => {
      most = Math.max(most, ++inFlight);
      await tick();
      inFlight--;
    };
    await Promise.all([turns.run(1, 'invoice', task), turns.run(1, 'creditNote', task), turns.run(1, 'debitNote', task)]);
    expect(most).toBe(3);
  });

  it('passes a failure to its caller only, and the next task still runs', async () => {
    const turns = new EmissionPointTurns();
    const failing = turns.run(7, 'invoice', async () => {
      throw new Error('conflict');
    });
    const next = turns.run(7, 'invoice', async () => 'ran');
    await expect(failing).rejects.toThrow('conflict');
    await expect(next).resolves.toBe('ran');
  });
});
