import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import type { Actor } from '../../../domain/actor';
import { isCalendarDate } from '../../../domain/calendar-date';
import type { Client } from '../../../entities';
import type { ClientExoneration } from '../../../entities/client.entity';
import { TOKENS } from '../../../tokens';
import { AppError } from '../../../domain/app-error';
import { ActivityTrail } from '../../access';
import type { CompanyRef } from '../../../domain/company-ref';
import { clientTarget, liveClient } from './live-client';

/** Longest certificate or SAG registry number the clients table holds. */
const MAX_REFERENCE_LENGTH = 64;

/** The client's exoneration references: the certificate and/or the Registro SAG number. */
export interface ExonerationReferences {
  certificate?: string | null;
  sagRegistry?: string | null;
}

/**
 * How a caller names the two references to its operator, in the refusal that asks for one: the
 * service's own words are neutral, since the CLI's flags and the console's fields differ.
 */
export interface ExonerationReferenceNames {
  certificate: string;
  sagRegistry: string;
}

const NEUTRAL_NAMES: ExonerationReferenceNames = {
  certificate: 'the exoneration certificate',
  sagRegistry: 'the Registro SAG number',
};

/**
 * Records or clears a client's exoneration (decision 8). It is operator data: the API
 * never sets it, and issuing reads it to decide whether a sale is exonerated. A change commits
 * with its `client-exonerated` row in the activity trail (a clearing is one too, its details
 * `{ cleared: true }`); setting what the client already has records nothing.
 */
@injectable()
export class ClientExonerationService {
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(ActivityTrail) private readonly trail: ActivityTrail,
  ) {}

  /**
   * Sets the exoneration as a whole (a reference not given is cleared) and its last valid day
   * (YYYY-MM-DD, inclusive) on a live client of the company. At least one reference is needed:
   * an exonerated invoice must print one; `names` words its refusal in the caller's terms.
   */
  async exonerate(
    actor: Actor,
    company: CompanyRef,
    clientId: number,
    references: ExonerationReferences,
    validUntil: string,
    names: ExonerationReferenceNames = NEUTRAL_NAMES,
  ): Promise<Client> {
    const certificate = checkedReference(references.certificate, 'certificate');
    const sagRegistry = checkedReference(references.sagRegistry, 'SAG registry');
    if (certificate === null && sagRegistry === null) {
      throw new AppError('VALIDATION_FAILED', `give ${names.certificate} or ${names.sagRegistry}, or both`);
    }
    if (!isCalendarDate(validUntil))
      throw new AppError('VALIDATION_FAILED', `the valid-until date must be a real date as YYYY-MM-DD, got "${validUntil}"`);
    const exoneration = { exonerationCertificate: certificate, exonerationSagRegistry: sagRegistry, exonerationValidUntil: validUntil };
    return this.change(actor, company, clientId, exoneration, { certificate, sagRegistry, validUntil });
  }

  /** Removes the exoneration, so the client's next sales are taxed normally. */
  async clear(actor: Actor, company: CompanyRef, clientId: number): Promise<Client> {
    const none = { exonerationCertificate: null, exonerationSagRegistry: null, exonerationValidUntil: null };
    return this.change(actor, company, clientId, none, { cleared: true });
  }

  private async change(
    actor: Actor,
    company: CompanyRef,
    clientId: number,
    exoneration: ClientExoneration,
    details: Record<string, unknown>,
  ): Promise<Client> {
    return this.em.transactional(async (em) => {
      const client = await liveClient(em, company, clientId);
      const unchanged = (Object.keys(exoneration) as (keyof typeof exoneration)[]).every((k) => client[k] === exoneration[k]);
      if (unchanged) return client;
      Object.assign(client, exoneration);
      await this.trail.record(em, {
        actor,
        companyId: company.id,
        action: 'client-exonerated',
        target: clientTarget(client),
        details,
      });
      return client;
    });
  }
}

/** The trimmed reference, null when not given; refused when blank or too long. */
function checkedReference(value: string | null | undefined, name: string): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > MAX_REFERENCE_LENGTH) {
    throw new AppError('VALIDATION_FAILED', `the ${name} must be 1 to ${MAX_REFERENCE_LENGTH} characters`);
  }
  return trimmed;
}
