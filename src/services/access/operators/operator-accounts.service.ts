import { EntityManager, LockMode } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import type { Actor } from '../../../domain/actor';
import { AppError } from '../../../domain/app-error';
import type { OperatorRole } from '../../../domain/operator-role';
import { generatePassword, hashPassword, MIN_PASSWORD_LENGTH } from '../../../domain/password-hash';
import { leanSelect, tableOf } from '../../../db/lean-select';
import type { SqlClient } from '../../../db/sql-client';
import { isUniqueViolation } from '../../../db/unique-violation';
import { Company, ConsoleOperator, ConsoleOperatorCompany, ConsoleSession } from '../../../entities';
import { TOKENS } from '../../../tokens';
import { ActivityTrail } from '../activity/activity-trail.service';
import type { CompanyRef } from '../../../domain/company-ref';
import { SignInThrottle } from './sign-in-throttle.service';

/** A console operator as listed: never the password or its hash. */
export interface OperatorSummary {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
  /** Codes of the companies granted (an administrator sees every company and has none listed). */
  companies: string[];
  disabled: boolean;
  createdAt: Date;
}

export interface NewOperator {
  email: string;
  name: string;
  role: OperatorRole;
  companies: CompanyRef[];
  /** The operator's own choice; a generated one when absent. */
  password?: string;
}

/** The columns an operator is listed from. */
const SUMMARY_FIELDS = ['id', 'email', 'name', 'role', 'disabledAt', 'createdAt'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** How e-mails are stored and compared: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creates, lists, disables console operators, resets their passwords and lifts their sign-in
 * refusals (`admin operator`). Each change commits with its row in the activity trail, which
 * names the account by its e-mail and never carries a password.
 */
@injectable()
export class OperatorAccounts {
  private readonly listed;
  private readonly granted;
  private readonly listSql: string;
  private readonly grantsSql: string;

  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(ActivityTrail) private readonly trail: ActivityTrail,
    @inject(SignInThrottle) private readonly throttle: SignInThrottle,
    @inject(TOKENS.Sql) private readonly db: SqlClient,
  ) {
    this.listed = leanSelect(db, ConsoleOperator, 'o', SUMMARY_FIELDS);
    this.granted = leanSelect(db, Company, 'c', ['code']);
    this.listSql = `SELECT ${this.listed.columns} FROM ${tableOf(db, ConsoleOperator)} o ORDER BY o.\`email\` ASC`;
    this.grantsSql =
      `SELECT g.\`operator_id\` AS operatorId, ${this.granted.columns} FROM ${tableOf(db, ConsoleOperatorCompany)} g` +
      ` JOIN ${tableOf(db, Company)} c ON c.\`id\` = g.\`company_id\``;
  }

  /** Creates the account; returns it and its password, which is shown once and stored only hashed. */
  async add(actor: Actor, spec: NewOperator, now = new Date()): Promise<{ operator: OperatorSummary; password: string }> {
    const email = normaliseEmail(spec.email);
    if (!EMAIL.test(email) || email.length > 255)
      throw new AppError('VALIDATION_FAILED', `--email must be an e-mail address such as ana@example.hn, got "${spec.email}"`);
    const name = spec.name.trim();
    if (name.length < 1 || name.length > 255)
      throw new AppError('VALIDATION_FAILED', `--name must be 1 to 255 characters after trimming, got ${name.length}`);
    const password = spec.password ?? generatePassword();
    checkPassword(password);
    const passwordHash = await hashPassword(password);
    try {
      const operator = await this.em.transactional(async (em) => {
        if (await em.count(ConsoleOperator, { email })) throw emailTaken(email);
        const created = em.create(ConsoleOperator, { email, name, role: spec.role, passwordHash, passwordChangedAt: now, createdAt: now });
        // An administrator sees every company: grants would only mislead whoever reads them later.
        if (spec.role === 'accountant')
          for (const company of spec.companies)
            em.create(ConsoleOperatorCompany, { operator: created, company: em.getReference(Company, company.id) });
        const companies = spec.role === 'accountant' ? spec.companies.map((c) => c.code) : [];
        await this.trail.record(em, {
          actor,
          companyId: null,
          action: 'operator-added',
          target: email,
          details: { role: spec.role, companies },
          at: now,
        });
        return created;
      });
      return { operator: summary(operator, spec.role === 'accountant' ? spec.companies.map((c) => c.code) : []), password };
    } catch (err) {
      // Two adds of one e-mail at once: the unique index decides.
      if (isUniqueViolation(err)) throw emailTaken(email);
      throw err;
    }
  }

  async list(): Promise<OperatorSummary[]> {
    const [operatorRows, grantRows] = await this.db.selectBatch([
      [this.listSql, []],
      [this.grantsSql, []],
    ]);
    const grants = grantRows.map((row) => ({ operatorId: Number(row.operatorId), code: this.granted.read(row).code }));
    return operatorRows
      .map((row) => this.listed.read(row))
      .map((operator) =>
        summary(
          operator,
          grants
            .filter((g) => g.operatorId === operator.id)
            .map((g) => g.code)
            .sort(),
        ),
      );
  }

  /** Disables the account and ends its sessions on every instance; disabling twice changes nothing more. */
  async disable(actor: Actor, email: string, now = new Date()): Promise<OperatorSummary> {
    return this.em.transactional(async (em) => {
      const operator = await this.lockedByEmail(em, email);
      if (operator.disabledAt === null) {
        operator.disabledAt = now;
        await this.trail.record(em, { actor, companyId: null, action: 'operator-disabled', target: operator.email, at: now });
      }
      await em.nativeDelete(ConsoleSession, { operator });
      return summary(operator, []);
    });
  }

  /**
   * A new password (given, or generated and returned), ending every session of the account and
   * lifting its sign-in refusals: whoever was refused is given the new password (decision 67).
   */
  async resetPassword(
    actor: Actor,
    email: string,
    given?: string,
    now = new Date(),
  ): Promise<{ operator: OperatorSummary; password: string }> {
    const password = given ?? generatePassword();
    checkPassword(password);
    const passwordHash = await hashPassword(password);
    return this.em.transactional(async (em) => {
      const operator = await this.lockedByEmail(em, email);
      operator.passwordHash = passwordHash;
      operator.passwordChangedAt = now;
      await this.trail.record(em, { actor, companyId: null, action: 'password-reset', target: operator.email, at: now });
      await em.nativeDelete(ConsoleSession, { operator });
      await this.throttle.forget(em, operator.email);
      return { operator: summary(operator, []), password };
    });
  }

  /**
   * Lifts every sign-in refusal of the account, on every client address, by forgetting its failed
   * sign-ins (decision 67); returns how many. Nothing to forget changes nothing and records nothing.
   */
  async unlock(actor: Actor, email: string, now = new Date()): Promise<{ operator: OperatorSummary; cleared: number }> {
    return this.em.transactional(async (em) => {
      const operator = await this.lockedByEmail(em, email);
      const cleared = await this.throttle.forget(em, operator.email);
      if (cleared > 0)
        await this.trail.record(em, {
          actor,
          companyId: null,
          action: 'operator-unlocked',
          target: operator.email,
          details: { cleared },
          at: now,
        });
      return { operator: summary(operator, []), cleared };
    });
  }

  private async lockedByEmail(em: EntityManager, email: string): Promise<ConsoleOperator> {
    const operator = await em.findOne(ConsoleOperator, { email: normaliseEmail(email) }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!operator) throw new AppError('OPERATOR_NOT_FOUND', `no console operator has the e-mail ${email}`);
    return operator;
  }
}

function checkPassword(password: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH)
    throw new AppError('VALIDATION_FAILED', `the password must have at least ${MIN_PASSWORD_LENGTH} characters`);
}

function emailTaken(email: string): AppError {
  return new AppError('OPERATOR_EMAIL_TAKEN', `a console operator with the e-mail ${email} already exists`);
}

function summary(operator: Pick<ConsoleOperator, (typeof SUMMARY_FIELDS)[number]>, companies: string[]): OperatorSummary {
  return {
    id: operator.id,
    email: operator.email,
    name: operator.name,
    role: operator.role,
    companies,
    disabled: operator.disabledAt !== null,
    createdAt: operator.createdAt,
  };
}
