import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import * as yup from 'yup';
import { violatesUniqueIndex } from '../../../db/unique-violation';
import type { Actor } from '../../../domain/actor';
import { AppError } from '../../../domain/app-error';
import type { CompanyRef } from '../../../domain/company-ref';
import type { Client } from '../../../entities';
import { TOKENS } from '../../../tokens';
import { ActivityTrail } from '../../access';
import { checkRtn, CLIENT_FIELD_RULES } from './client-fields';
import { clientTarget, liveClient } from './live-client';
import type { NewClient } from './client.service';

/**
 * An operator's change of a client: a field left out (undefined) keeps its value; null clears an
 * optional one (the RTN, the phone, the address). The same rules as POST /v1/clients.
 */
export type ClientChanges = Partial<NewClient>;

/** What an update changed, field by field: the old value and the new one. */
export type ClientFieldChanges = Partial<Record<keyof NewClient, { from: string | null; to: string | null }>>;

const FIELDS = ['clientName', 'email', 'legalId', 'phone', 'address'] as const satisfies ReadonlyArray<keyof NewClient>;

/** How a caller calls each field in its refusals (a CLI option); the API's field name by default. */
export type ClientFieldNames = Partial<Record<keyof NewClient, string>>;

/**
 * The changes under the creation's rules, every field optional; a refusal lists every problem
 * (VALIDATION_FAILED), or names a malformed RTN (INVALID_RTN_FORMAT).
 */
function checkChanges(changes: ClientChanges, names: ClientFieldNames): void {
  const rule = <F extends keyof NewClient>(field: F) => {
    const optional = CLIENT_FIELD_RULES[field]().optional();
    return names[field] ? optional.label(names[field]) : optional;
  };
  const schema = yup.object({
    clientName: rule('clientName'),
    email: rule('email'),
    legalId: rule('legalId'),
    phone: rule('phone'),
    address: rule('address'),
  });
  try {
    schema.validateSync(changes, { strict: true, abortEarly: false });
  } catch (err) {
    if (err instanceof yup.ValidationError) throw new AppError('VALIDATION_FAILED', err.errors.join('; '));
    throw err;
  }
  checkRtn(changes.legalId, names.legalId);
}

/** The unique index that keeps an RTN to one live client of a company (deleted ones hold none). */
const RTN_INDEX = 'uq_client_legal_id_company';

/**
 * The operator's application keeps the company's clients: it corrects a client and deletes one,
 * which the API cannot (it only creates and lists). Each change commits with its activity row;
 * issued documents are untouched, since they carry the buyer they were printed with.
 */
@injectable()
export class ClientEditor {
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(ActivityTrail) private readonly trail: ActivityTrail,
  ) {}

  /** A live client of the company, for the form that changes it; CLIENT_NOT_FOUND otherwise. */
  async find(company: CompanyRef, clientId: number): Promise<Client> {
    return liveClient(this.em, company, clientId);
  }

  /**
   * Changes the given fields of a live client of the company. An RTN another live client of the
   * company holds is a conflict (UQ_CLIENT_CODE_COMPANY), as for POST /v1/clients; the client's
   * code stays, so the setup file still names it. Setting what the client already has records
   * nothing; the answer says what changed.
   */
  async update(
    actor: Actor,
    company: CompanyRef,
    clientId: number,
    changes: ClientChanges,
    names: ClientFieldNames = {},
  ): Promise<{ client: Client; changed: ClientFieldChanges }> {
    checkChanges(changes, names);
    try {
      return await this.em.transactional(async (em) => {
        const client = await liveClient(em, company, clientId);
        const changed: ClientFieldChanges = {};
        for (const field of FIELDS) {
          const to = changes[field];
          if (to === undefined || to === client[field]) continue;
          changed[field] = { from: client[field], to };
          Object.assign(client, { [field]: to });
        }
        if (Object.keys(changed).length === 0) return { client, changed };
        await this.trail.record(em, {
          actor,
          companyId: company.id,
          action: 'client-updated',
          target: clientTarget(client),
          details: changed,
        });
        return { client, changed };
      });
    } catch (err) {
      if (violatesUniqueIndex(err, RTN_INDEX)) {
        throw new AppError('UQ_CLIENT_CODE_COMPANY', `another client of company ${company.code} already has RTN ${changes.legalId}`);
      }
      throw err;
    }
  }

  /**
   * Deletes a live client of the company: it is gone for the API (its list, a sale's clientId),
   * its exoneration is removed and its RTN is free for a new client. The row stays, marked
   * deleted, because issued documents point at it.
   */
  async delete(actor: Actor, company: CompanyRef, clientId: number, now = new Date()): Promise<Client> {
    return this.em.transactional(async (em) => {
      const client = await liveClient(em, company, clientId);
      const exoneration =
        client.exonerationValidUntil === null
          ? null
          : {
              certificate: client.exonerationCertificate,
              sagRegistry: client.exonerationSagRegistry,
              validUntil: client.exonerationValidUntil,
            };
      Object.assign(client, {
        deletedAt: now,
        exonerationCertificate: null,
        exonerationSagRegistry: null,
        exonerationValidUntil: null,
      });
      await this.trail.record(em, {
        actor,
        companyId: company.id,
        action: 'client-deleted',
        target: clientTarget(client),
        details: { clientName: client.clientName, legalId: client.legalId, exoneration },
        at: now,
      });
      return client;
    });
  }
}
