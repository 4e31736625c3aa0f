import type { EntityManager } from '@mikro-orm/mysql';
import { ClientExonerationService } from '../../src/services/sales';
import type { ActivityTrail } from '../../src/services/access';
import type { Actor } from '../../src/domain/actor';

/** A stand-in that fails the test if the refusal reaches the database or the trail. */
const untouchable = new Proxy(
  {},
  {
    get(_, property) {
      throw new Error(`the refusal touched ${String(property)}`);
    },
  },
);

describe('the refusal of an exoneration with no reference', () => {
  const service = new ClientExonerationService(untouchable as EntityManager, untouchable as ActivityTrail);
  const actor: Actor = { kind: 'operator', email: 'ana@example.hn' };
  const company = { id: 1, code: 'ACME' };

  it('names the references neutrally when the caller gives no names (the console)', async () => {
    await expect(service.exonerate(actor, company, 5, {}, '2027-12-31')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'give the exoneration certificate or the Registro SAG number, or both',
    });
  });

  it("names them in the caller's terms when it gives them (the CLI's flags)", async () => {
    const names = { certificate: 'the exoneration certificate (--certificate)', sagRegistry: 'the Registro SAG number (--sag-registry)' };
    await expect(service.exonerate(actor, company, 5, { certificate: null, sagRegistry: null }, '2027-12-31', names)).rejects.toMatchObject(
      {
        code: 'VALIDATION_FAILED',
        message: 'give the exoneration certificate (--certificate) or the Registro SAG number (--sag-registry), or both',
      },
    );
  });
});
