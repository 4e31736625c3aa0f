import os from 'node:os';

/**
 * Defaults for every setting (decision 35). The environment overrides them; nothing else
 * reads process.env (see config/config.ts).
 */
export const defaults = {
  PORT: '3000',
  /**
   * The operator console's port, apart from the API's so that it can stay on a private network
   * while the API is public; `off` serves no console.
   */
  CONSOLE_PORT: '3001',
  /**
   * `false` drops Secure from the console's cookies, for plain HTTP inside a private network.
   * Otherwise they carry it whatever the request's scheme, as behind a TLS proxy.
   */
  CONSOLE_SECURE_COOKIE: 'true',
  DATABASE_URL: 'mysql://root@127.0.0.1:3306/invoicing',
  TEMPLATES_DIR: './templates',
  LOG_LEVEL: 'info',
  /** Largest accepted request body; a 200-line invoice is ~30 kB, so 1 MB leaves ample room. */
  BODY_LIMIT: '1mb',
  IDEMPOTENCY_RETENTION_HOURS: '24',
  /** Allowed ISV rates; the law changes, so it is configuration. */
  ALLOWED_ISV_RATES: '0,15,18',
  /** Limit for one render attempt; a render LibreOffice died under gets one more attempt. */
  PDF_TIMEOUT_MS: '15000',
  /**
   * LibreOffice processes converting in parallel: one per core (at most 16). A conversion is
   * CPU-bound and single-threaded, so fewer leaves cores idle under load and more only queues.
   */
  PDF_FACTORIES: String(Math.min(16, Math.max(1, os.availableParallelism()))),
  /** Renders allowed to wait for a free slot; beyond that a render fails at once (503, retry later). */
  PDF_QUEUE_LIMIT: '64',
  /** Longest a render waits for a slot before failing (503, retry later). */
  PDF_QUEUE_WAIT_MS: '20000',
  /**
   * Megabytes of issued invoices' PDFs kept per instance for reprints and replays (a 5-line
   * invoice is ~30 kB, so the default holds about a thousand); 0 turns the cache off.
   */
  PDF_CACHE_MAX_MB: '32',
  /**
   * Megabytes of issued invoices and client pages kept per instance for GET requests, checked on
   * every request against the company's change counters (read in the query that authenticates
   * the key), so an answer is never older than the database; 0 turns the cache off.
   */
  READ_CACHE_MAX_MB: '16',
  /**
   * Megabytes per instance of what sales are priced with (each company's integration defaults and
   * whole catalog, about 0.7 MB per 1,000 products, so the default holds some 90,000 products),
   * checked on every sale against the company's change counter; 0 reads them for every sale. A
   * company whose catalog alone exceeds it is read for every sale, with a warning in the log.
   */
  PRICING_CACHE_MAX_MB: '64',
  /**
   * Conversions after which an instance restarts its LibreOffice processes (renders wait for
   * the restart, none fails); 0 never restarts. soffice grows by about 20 MB per thousand
   * documents and never gives it back; a restart costs a few seconds without PDFs.
   */
  PDF_RECYCLE_AFTER: '2000',
  /** Explicit LibreOffice `soffice` path; empty: searched on PATH and the usual install directories. */
  SOFFICE_PATH: '',
  /** Seconds a starting process waits for the database before giving up with a clear message. */
  DB_CONNECT_TIMEOUT_SECONDS: '5',
  SHUTDOWN_TIMEOUT_MS: '10000',
  /** InnoDB lock wait per statement; issuing retries a timed-out transaction, so keep it short. */
  DB_LOCK_WAIT_TIMEOUT_SECONDS: '5',
  /**
   * Requests a minute per company and instance before 429 RATE_LIMITED; 0 turns it off. Above
   * what one instance serves one company on authenticated routes (16 clients reading cached
   * invoices back to back: about 6,000 a second on two cores), so a company's ordinary use is bounded
   * by capacity, never refused; it stops a runaway client from taking a larger instance whole.
   */
  RATE_LIMIT_PER_MINUTE: '600000',
  /**
   * Where buyers reach this service's host: the address every invoice and note prints (and encodes
   * in its QR code) as PUBLIC_BASE_URL/verify/{token}. Empty: http://localhost:PORT, right only on
   * the machine itself, so production sets it.
   */
  PUBLIC_BASE_URL: '',
  /**
   * Requests a minute to the public verification pages per client address and instance before 429
   * RATE_LIMITED (bursts up to the limit pass); 0 turns it off. Far above a buyer checking a few
   * documents, far below what walking the token space would need.
   */
  VERIFY_RATE_LIMIT_PER_MINUTE: '60',
  /**
   * `true` when the API and the console sit behind one reverse proxy that appends the caller's
   * address to X-Forwarded-For: the verification pages' limit and the console's failed sign-ins
   * then count per client, by that header's last entry (the one the proxy wrote; whatever a caller
   * sends comes before it). `false`: the header is ignored and both count per connection address,
   * which a caller cannot choose.
   */
  TRUST_PROXY: 'false',
  /**
   * Lempiras above which a sale must name an identified buyer (a client with an RTN): the law's
   * final-consumer limit, which the Finance ministry may change; 0 turns the rule off.
   */
  FINAL_CONSUMER_ID_THRESHOLD: '10000.00',
  /** A CAI range with this percent of its numbers or fewer left is LOW (`admin cai status`, issuing warning). */
  CAI_WARN_REMAINING_PERCENT: '10',
  /**
   * A CAI range whose deadline is this many days away or fewer is DUE. 60: the law lets the next
   * CAI be requested only in the last two months of the current one.
   */
  CAI_WARN_DAYS: '60',
  /**
   * The last day of the month after a document's month on which it may still be annulled (0: only
   * within its own month). By then the month's ISV return is filed; later, undoing a sale is a
   * credit note's job (decision 71).
   */
  ANNULMENT_DEADLINE_DAY: '10',
  /**
   * Where the documents' e-mails to their buyers go (companies with `delivery.email: true`):
   * `smtp://user:password@host:587` (STARTTLS when the server offers it) or `smtps://…:465`
   * (TLS from the start). Empty: each message is written as an RFC 5322 `.eml` file into
   * MAIL_OUTBOX_DIR instead, which any mail program opens.
   */
  SMTP_URL: '',
  /** The folder the `.eml` files go to when SMTP_URL is empty; created when missing. */
  MAIL_OUTBOX_DIR: './outbox',
  /** DKIM signing of every message (the `.eml` files too) when all three are set: the signing domain... */
  DKIM_DOMAIN: '',
  /** ...the selector its public key is published under (`<selector>._domainkey.<domain>`)... */
  DKIM_SELECTOR: '',
  /** ...and the PEM file of the private key, read at start. */
  DKIM_PRIVATE_KEY_FILE: '',
} as const;

export type SettingName = keyof typeof defaults;
