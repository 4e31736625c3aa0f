import path from 'node:path';
import Big from 'big.js';
import * as yup from 'yup';
import { defaults, SettingName } from './defaults';
import { isVerificationBase } from '../src/domain/verification-token';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The validated, typed configuration every part of the service receives. */
export interface AppConfig {
  port: number;
  /** null: the console is off. */
  consolePort: number | null;
  consoleSecureCookie: boolean;
  databaseUrl: string;
  templatesDir: string;
  logLevel: LogLevel;
  bodyLimit: string;
  idempotencyRetentionHours: number;
  allowedIsvRates: string[];
  pdfTimeoutMs: number;
  pdfFactories: number;
  pdfQueueLimit: number;
  pdfQueueWaitMs: number;
  pdfCacheMaxMb: number;
  readCacheMaxMb: number;
  pricingCacheMaxMb: number;
  pdfRecycleAfter: number;
  /** undefined: look for LibreOffice on PATH and in the usual install directories. */
  sofficePath: string | undefined;
  dbConnectTimeoutSeconds: number;
  shutdownTimeoutMs: number;
  dbLockWaitTimeoutSeconds: number;
  rateLimitPerMinute: number;
  /** Absolute http(s) URL without a trailing slash: what `/verify/{token}` is appended to on every printed document. */
  publicBaseUrl: string;
  verifyRateLimitPerMinute: number;
  /** Whether the caller's address is read from X-Forwarded-For's last entry (one trusted proxy). */
  trustProxy: boolean;
  /** Lempiras, 2 decimals; a sale whose total exceeds it needs an identified buyer. null: rule off. */
  finalConsumerIdThreshold: string | null;
  /** Percent of a CAI range (0..100, up to 2 decimals) at or below which it is LOW. */
  caiWarnRemainingPercent: string;
  caiWarnDays: number;
  /** Day (0..28) of the month after a document's month until which it may be annulled; 0: its own month only. */
  annulmentDeadlineDay: number;
  /** smtp:// or smtps:// URL; undefined: messages are written as .eml files into mailOutboxDir. */
  smtpUrl: string | undefined;
  /** Absolute folder of the .eml files. */
  mailOutboxDir: string;
  /** DKIM signing of every message; undefined when not configured. */
  dkim: DkimSettings | undefined;
}

export interface DkimSettings {
  domainName: string;
  keySelector: string;
  /** Absolute path of the PEM private key. */
  privateKeyFile: string;
}

export class ConfigError extends Error {}

const integer = (min: number, max: number) =>
  yup
    .string()
    .required()
    .matches(/^\d+$/, '${path} must be a whole number')
    .test('range', `\${path} must be between ${min} and ${max}`, (v) => Number(v) >= min && Number(v) <= max);

const schema = yup
  .object({
    PORT: integer(0, 65535),
    CONSOLE_PORT: yup
      .string()
      .required()
      .test('port', '${path} must be a port between 0 and 65535, or off', (v) => v === 'off' || (/^\d+$/.test(v) && Number(v) <= 65535)),
    CONSOLE_SECURE_COOKIE: yup.string().required().oneOf(['true', 'false'], '${path} must be true or false'),
    DATABASE_URL: yup.string().required().test('mysql-url', '${path} must look like mysql://user:password@host:3306/database', isMysqlUrl),
    TEMPLATES_DIR: yup.string().required(),
    LOG_LEVEL: yup
      .string()
      .required()
      .oneOf([...LOG_LEVELS], `\${path} must be one of ${LOG_LEVELS.join(', ')}`),
    BODY_LIMIT: yup
      .string()
      .required()
      .matches(/^\d+(b|kb|mb)$/i, '${path} must be a size such as 512kb or 1mb'),
    IDEMPOTENCY_RETENTION_HOURS: integer(1, 24 * 365),
    ALLOWED_ISV_RATES: yup
      .string()
      .required()
      .matches(/^\d{1,2}(\.\d{1,4})?(,\d{1,2}(\.\d{1,4})?)*$/, '${path} must be a comma-separated list of percentages such as 0,15,18'),
    PDF_TIMEOUT_MS: integer(100, 600000),
    PDF_FACTORIES: integer(1, 16),
    PDF_QUEUE_LIMIT: integer(0, 10000),
    PDF_QUEUE_WAIT_MS: integer(0, 600000),
    PDF_CACHE_MAX_MB: integer(0, 4096),
    READ_CACHE_MAX_MB: integer(0, 4096),
    PRICING_CACHE_MAX_MB: integer(0, 4096),
    PDF_RECYCLE_AFTER: integer(0, 10000000),
    SOFFICE_PATH: yup.string().default(''),
    DB_CONNECT_TIMEOUT_SECONDS: integer(1, 300),
    SHUTDOWN_TIMEOUT_MS: integer(0, 600000),
    DB_LOCK_WAIT_TIMEOUT_SECONDS: integer(1, 3600),
    RATE_LIMIT_PER_MINUTE: integer(0, 1_000_000),
    PUBLIC_BASE_URL: yup
      .string()
      .default('')
      .test(
        'public-url',
        '${path} must be an http:// or https:// address such as https://facturas.example.hn (no query, no fragment, at most 255 characters)',
        (v) => !v || isVerificationBase(v),
      ),
    VERIFY_RATE_LIMIT_PER_MINUTE: integer(0, 1_000_000),
    TRUST_PROXY: yup.string().required().oneOf(['true', 'false'], '${path} must be true or false'),
    FINAL_CONSUMER_ID_THRESHOLD: yup
      .string()
      .required()
      .matches(/^\d{1,12}(\.\d{1,2})?$/, '${path} must be an amount in lempiras such as 10000.00 (0 turns the rule off)'),
    CAI_WARN_REMAINING_PERCENT: yup
      .string()
      .required()
      .matches(/^\d{1,3}(\.\d{1,2})?$/, '${path} must be a percentage such as 10 or 2.5')
      .test('range', '${path} must be between 0 and 100', (v) => Number(v) <= 100),
    CAI_WARN_DAYS: integer(0, 3650),
    ANNULMENT_DEADLINE_DAY: integer(0, 28),
    SMTP_URL: yup
      .string()
      .default('')
      .test(
        'smtp-url',
        '${path} must look like smtp://user:password@host:587 or smtps://user:password@host:465',
        (v) => !v || isSmtpUrl(v),
      ),
    MAIL_OUTBOX_DIR: yup.string().required(),
    DKIM_DOMAIN: yup
      .string()
      .default('')
      .matches(
        /^$|^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$/,
        '${path} must be a domain such as acme.hn',
      ),
    DKIM_SELECTOR: yup
      .string()
      .default('')
      .matches(/^$|^[A-Za-z0-9][A-Za-z0-9._-]*$/, '${path} must be a selector such as mail2026'),
    DKIM_PRIVATE_KEY_FILE: yup.string().default(''),
  })
  .test('dkim-all-or-none', 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE must be set together (or none of them)', (s) => {
    const set = [s.DKIM_DOMAIN, s.DKIM_SELECTOR, s.DKIM_PRIVATE_KEY_FILE].filter((v) => !!v).length;
    return set === 0 || set === 3;
  });

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isMysqlUrl(value: string | undefined): boolean {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'mysql:' || url.protocol === 'mariadb:') && url.pathname.length > 1;
  } catch {
    return false;
  }
}

/**
 * Reads the settings from `env` over the defaults and validates them. Throws a ConfigError whose
 * message names every bad variable, so start-up fails with one clear line.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw = {} as Record<SettingName, string>;
  for (const name of Object.keys(defaults) as SettingName[]) {
    const value = env[name];
    raw[name] = value === undefined || value.trim() === '' ? defaults[name] : value.trim();
  }
  let s: yup.InferType<typeof schema>;
  try {
    s = schema.validateSync(raw, { abortEarly: false, stripUnknown: true });
  } catch (err) {
    if (err instanceof yup.ValidationError) {
      throw new ConfigError(`Invalid configuration: ${err.errors.join('; ')}`);
    }
    throw err;
  }
  return {
    port: Number(s.PORT),
    consolePort: s.CONSOLE_PORT === 'off' ? null : Number(s.CONSOLE_PORT),
    consoleSecureCookie: s.CONSOLE_SECURE_COOKIE === 'true',
    databaseUrl: s.DATABASE_URL,
    templatesDir: path.resolve(s.TEMPLATES_DIR),
    logLevel: s.LOG_LEVEL,
    bodyLimit: s.BODY_LIMIT,
    idempotencyRetentionHours: Number(s.IDEMPOTENCY_RETENTION_HOURS),
    allowedIsvRates: s.ALLOWED_ISV_RATES.split(','),
    pdfTimeoutMs: Number(s.PDF_TIMEOUT_MS),
    pdfFactories: Number(s.PDF_FACTORIES),
    pdfQueueLimit: Number(s.PDF_QUEUE_LIMIT),
    pdfQueueWaitMs: Number(s.PDF_QUEUE_WAIT_MS),
    pdfCacheMaxMb: Number(s.PDF_CACHE_MAX_MB),
    readCacheMaxMb: Number(s.READ_CACHE_MAX_MB),
    pricingCacheMaxMb: Number(s.PRICING_CACHE_MAX_MB),
    pdfRecycleAfter: Number(s.PDF_RECYCLE_AFTER),
    sofficePath: s.SOFFICE_PATH === '' ? undefined : s.SOFFICE_PATH,
    dbConnectTimeoutSeconds: Number(s.DB_CONNECT_TIMEOUT_SECONDS),
    shutdownTimeoutMs: Number(s.SHUTDOWN_TIMEOUT_MS),
    dbLockWaitTimeoutSeconds: Number(s.DB_LOCK_WAIT_TIMEOUT_SECONDS),
    rateLimitPerMinute: Number(s.RATE_LIMIT_PER_MINUTE),
    publicBaseUrl: (s.PUBLIC_BASE_URL || `http://localhost:${s.PORT}`).replace(/\/+$/, ''),
    verifyRateLimitPerMinute: Number(s.VERIFY_RATE_LIMIT_PER_MINUTE),
    trustProxy: s.TRUST_PROXY === 'true',
    finalConsumerIdThreshold: finalConsumerThreshold(s.FINAL_CONSUMER_ID_THRESHOLD),
    caiWarnRemainingPercent: s.CAI_WARN_REMAINING_PERCENT,
    caiWarnDays: Number(s.CAI_WARN_DAYS),
    annulmentDeadlineDay: Number(s.ANNULMENT_DEADLINE_DAY),
    smtpUrl: s.SMTP_URL === '' ? undefined : s.SMTP_URL,
    mailOutboxDir: path.resolve(s.MAIL_OUTBOX_DIR),
    dkim:
      s.DKIM_DOMAIN === ''
        ? undefined
        : { domainName: s.DKIM_DOMAIN, keySelector: s.DKIM_SELECTOR, privateKeyFile: path.resolve(s.DKIM_PRIVATE_KEY_FILE) },
  };
}

/** The threshold with 2 decimals, or null when it is 0 (the rule is off). */
function finalConsumerThreshold(value: string): string | null {
  const amount = new Big(value);
  return amount.eq(0) ? null : amount.toFixed(2);
}

/** The URL with its password replaced, fit for logs and error messages. */
export function maskDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '****';
    return url.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}
