import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, maskDatabaseUrl } from '../../config/config';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: 'mysql://root@127.0.0.1:3306/invoicing',
      templatesDir: path.resolve('./templates'),
      logLevel: 'info',
      idempotencyRetentionHours: 24,
      allowedIsvRates: ['0', '15', '18'],
      caiWarnRemainingPercent: '10',
      caiWarnDays: 60,
      annulmentDeadlineDay: 10,
    });
  });

  it('writes mail into ./outbox without SMTP_URL, unsigned; reads SMTP_URL and the three DKIM settings', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailOutboxDir: path.resolve('./outbox'), dkim: undefined });
    expect(
      loadConfig({
        SMTP_URL: 'smtps://user:pw@mail.acme.hn:465',
        MAIL_OUTBOX_DIR: '/var/mail/out',
        DKIM_DOMAIN: 'acme.hn',
        DKIM_SELECTOR: 'mail2026',
        DKIM_PRIVATE_KEY_FILE: 'keys/dkim.pem',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://user:pw@mail.acme.hn:465',
      mailOutboxDir: '/var/mail/out',
      dkim: { domainName: 'acme.hn', keySelector: 'mail2026', privateKeyFile: path.resolve('keys/dkim.pem') },
    });
  });

  it('reads the annulment deadline day, 0 to 28', () => {
    expect(loadConfig({ ANNULMENT_DEADLINE_DAY: '0' }).annulmentDeadlineDay).toBe(0);
    expect(loadConfig({ ANNULMENT_DEADLINE_DAY: '28' }).annulmentDeadlineDay).toBe(28);
  });

  it('reads the CAI warning thresholds', () => {
    expect(loadConfig({ CAI_WARN_REMAINING_PERCENT: '2.5', CAI_WARN_DAYS: '30' })).toMatchObject({
      caiWarnRemainingPercent: '2.5',
      caiWarnDays: 30,
    });
    expect(loadConfig({ CAI_WARN_REMAINING_PERCENT: '0', CAI_WARN_DAYS: '0' })).toMatchObject({
      caiWarnRemainingPercent: '0',
      caiWarnDays: 0,
    });
  });

  it('reads every variable from the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'mysql://app:secret@db:3307/facturas',
      TEMPLATES_DIR: '/srv/templates',
      LOG_LEVEL: 'debug',
      BODY_LIMIT: '256kb',
      IDEMPOTENCY_RETENTION_HOURS: '48',
      ALLOWED_ISV_RATES: '0,15,18,12.5',
      PDF_TIMEOUT_MS: '5000',
      PDF_FACTORIES: '2',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'mysql://app:secret@db:3307/facturas',
      templatesDir: '/srv/templates',
      logLevel: 'debug',
      bodyLimit: '256kb',
      idempotencyRetentionHours: 48,
      allowedIsvRates: ['0', '15', '18', '12.5'],
      pdfTimeoutMs: 5000,
      pdfFactories: 2,
    });
  });

  it('starts one LibreOffice per core, caches 32 MB of PDFs and allows 600000 requests a minute by default', () => {
    expect(loadConfig({})).toMatchObject({
      pdfFactories: Math.min(16, os.availableParallelism()),
      pdfCacheMaxMb: 32,
      rateLimitPerMinute: 600000,
    });
    expect(loadConfig({ PDF_CACHE_MAX_MB: '0' }).pdfCacheMaxMb).toBe(0);
    expect(loadConfig({}).readCacheMaxMb).toBe(16);
    expect(loadConfig({ READ_CACHE_MAX_MB: '0' }).readCacheMaxMb).toBe(0);
    expect(loadConfig({}).pricingCacheMaxMb).toBe(64);
    expect(loadConfig({ PRICING_CACHE_MAX_MB: '0' }).pricingCacheMaxMb).toBe(0);
    expect(loadConfig({}).pdfRecycleAfter).toBe(2000);
    expect(loadConfig({ PDF_RECYCLE_AFTER: '0' }).pdfRecycleAfter).toBe(0);
  });

  it('reads the final-consumer threshold as lempiras with 2 decimals, 10000.00 by default, and 0 as off', () => {
    expect(loadConfig({}).finalConsumerIdThreshold).toBe('10000.00');
    expect(loadConfig({ FINAL_CONSUMER_ID_THRESHOLD: '12500.5' }).finalConsumerIdThreshold).toBe('12500.50');
    expect(loadConfig({ FINAL_CONSUMER_ID_THRESHOLD: '0' }).finalConsumerIdThreshold).toBeNull();
    expect(loadConfig({ FINAL_CONSUMER_ID_THRESHOLD: '0.00' }).finalConsumerIdThreshold).toBeNull();
  });

  it('prints verification addresses under http://localhost:PORT unless PUBLIC_BASE_URL says where buyers reach the host', () => {
    expect(loadConfig({}).publicBaseUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://facturas.example.hn/' }).publicBaseUrl).toBe('https://facturas.example.hn');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://example.hn/facturacion' }).publicBaseUrl).toBe('https://example.hn/facturacion');
    expect(loadConfig({}).verifyRateLimitPerMinute).toBe(60);
    expect(loadConfig({ VERIFY_RATE_LIMIT_PER_MINUTE: '0' }).verifyRateLimitPerMinute).toBe(0);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('serves the console on 3001 with Secure cookies by default; CONSOLE_PORT=off turns it off', () => {
    expect(loadConfig({})).toMatchObject({ consolePort: 3001, consoleSecureCookie: true });
    expect(loadConfig({ CONSOLE_PORT: 'off', CONSOLE_SECURE_COOKIE: 'false' })).toMatchObject({
      consolePort: null,
      consoleSecureCookie: false,
    });
    expect(loadConfig({ CONSOLE_PORT: '0' }).consolePort).toBe(0);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a whole number'],
    ['PORT', '70000', 'PORT must be between 0 and 65535'],
    ['CONSOLE_PORT', '70000', 'CONSOLE_PORT must be a port between 0 and 65535, or off'],
    ['CONSOLE_PORT', 'no', 'CONSOLE_PORT must be a port between 0 and 65535, or off'],
    ['CONSOLE_SECURE_COOKIE', 'yes', 'CONSOLE_SECURE_COOKIE must be true or false'],
    ['DATABASE_URL', 'postgres://x@y/z', 'DATABASE_URL must look like mysql://'],
    ['DATABASE_URL', 'mysql://root@127.0.0.1:3306', 'DATABASE_URL must look like mysql://'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of'],
    ['BODY_LIMIT', 'lots', 'BODY_LIMIT must be a size'],
    ['ALLOWED_ISV_RATES', '15;18', 'ALLOWED_ISV_RATES must be a comma-separated list'],
    ['PDF_FACTORIES', '0', 'PDF_FACTORIES must be between 1 and 16'],
    ['PDF_RECYCLE_AFTER', 'often', 'PDF_RECYCLE_AFTER must be a whole number'],
    ['PDF_CACHE_MAX_MB', '-1', 'PDF_CACHE_MAX_MB must be a whole number'],
    ['PDF_CACHE_MAX_MB', '5000', 'PDF_CACHE_MAX_MB must be between 0 and 4096'],
    ['READ_CACHE_MAX_MB', 'lots', 'READ_CACHE_MAX_MB must be a whole number'],
    ['PRICING_CACHE_MAX_MB', '5000', 'PRICING_CACHE_MAX_MB must be between 0 and 4096'],
    ['FINAL_CONSUMER_ID_THRESHOLD', '-1', 'FINAL_CONSUMER_ID_THRESHOLD must be an amount in lempiras'],
    ['FINAL_CONSUMER_ID_THRESHOLD', '10000.001', 'FINAL_CONSUMER_ID_THRESHOLD must be an amount in lempiras'],
    ['FINAL_CONSUMER_ID_THRESHOLD', 'diez mil', 'FINAL_CONSUMER_ID_THRESHOLD must be an amount in lempiras'],
    ['FINAL_CONSUMER_ID_THRESHOLD', '1e4', 'FINAL_CONSUMER_ID_THRESHOLD must be an amount in lempiras'],
    ['FINAL_CONSUMER_ID_THRESHOLD', '10,000.00', 'FINAL_CONSUMER_ID_THRESHOLD must be an amount in lempiras'],
    ['CAI_WARN_REMAINING_PERCENT', 'ten', 'CAI_WARN_REMAINING_PERCENT must be a percentage'],
    ['CAI_WARN_REMAINING_PERCENT', '-5', 'CAI_WARN_REMAINING_PERCENT must be a percentage'],
    ['CAI_WARN_REMAINING_PERCENT', '2.555', 'CAI_WARN_REMAINING_PERCENT must be a percentage'],
    ['CAI_WARN_REMAINING_PERCENT', '101', 'CAI_WARN_REMAINING_PERCENT must be between 0 and 100'],
    ['CAI_WARN_DAYS', '1.5', 'CAI_WARN_DAYS must be a whole number'],
    ['CAI_WARN_DAYS', '5000', 'CAI_WARN_DAYS must be between 0 and 3650'],
    ['ANNULMENT_DEADLINE_DAY', '29', 'ANNULMENT_DEADLINE_DAY must be between 0 and 28'],
    ['ANNULMENT_DEADLINE_DAY', '-1', 'ANNULMENT_DEADLINE_DAY must be a whole number'],
    ['ANNULMENT_DEADLINE_DAY', 'diez', 'ANNULMENT_DEADLINE_DAY must be a whole number'],
    ['PUBLIC_BASE_URL', 'facturas.example.hn', 'PUBLIC_BASE_URL must be an http:// or https:// address'],
    ['PUBLIC_BASE_URL', 'ftp://facturas.example.hn', 'PUBLIC_BASE_URL must be an http:// or https:// address'],
    ['PUBLIC_BASE_URL', 'https://facturas.example.hn/?a=1', 'PUBLIC_BASE_URL must be an http:// or https:// address'],
    ['PUBLIC_BASE_URL', 'https://user:pw@facturas.example.hn', 'PUBLIC_BASE_URL must be an http:// or https:// address'],
    ['PUBLIC_BASE_URL', `https://facturas.example.hn/${'a'.repeat(240)}`, 'at most 255 characters'],
    ['VERIFY_RATE_LIMIT_PER_MINUTE', 'many', 'VERIFY_RATE_LIMIT_PER_MINUTE must be a whole number'],
    ['TRUST_PROXY', 'yes', 'TRUST_PROXY must be true or false'],
    ['SMTP_URL', 'mail.acme.hn:587', 'SMTP_URL must look like smtp://'],
    ['SMTP_URL', 'http://mail.acme.hn', 'SMTP_URL must look like smtp://'],
    ['DKIM_DOMAIN', 'acme hn', 'DKIM_DOMAIN must be a domain'],
    ['DKIM_SELECTOR', '-x', 'DKIM_SELECTOR must be a selector'],
    ['DKIM_DOMAIN', 'acme.hn', 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE must be set together'],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('reports every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT.*LOG_LEVEL|LOG_LEVEL.*PORT/);
  });
});

describe('maskDatabaseUrl', () => {
  it('hides the password and keeps the rest', () => {
    expect(maskDatabaseUrl('mysql://app:s3cret@db:3306/facturas')).toBe('mysql://app:****@db:3306/facturas');
    expect(maskDatabaseUrl('mysql://root@127.0.0.1:3306/invoicing')).toBe('mysql://root@127.0.0.1:3306/invoicing');
  });
});
