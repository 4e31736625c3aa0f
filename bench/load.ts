import autocannon from 'autocannon';

export interface LoadResult {
  requests: number;
  seconds: number;
  /** Answers that passed the caller's check (all 2xx when no check is given). */
  good: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** How long to send; or `amount` requests in all. */
  seconds?: number;
  amount?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Headers that must differ per request (an Idempotency-Key). */
  perRequestHeaders?: () => Record<string, string>;
  /** Whether an answer counts as done work (e.g. an invoice that came with its PDF). */
  check?: (status: number, body: string) => boolean;
}

/**
 * `connections` clients sending one request after another for `seconds` (autocannon: HTTP/1.1
 * keep-alive, no pipelining). Any transport error or non-2xx answer stops the bench: a figure
 * counted over failures would flatter the service.
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  let good = 0;
  // Bodies are collected only when checked: reading them costs the load generator CPU.
  const onResponse = options.check ? (status: number, body: string) => void (options.check!(status, body) && good++) : undefined;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    ...(options.amount === undefined ? { duration: options.seconds } : { amount: options.amount }),
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    requests: [
      {
        setupRequest: (req) => (options.perRequestHeaders ? { ...req, headers: { ...req.headers, ...options.perRequestHeaders() } } : req),
        ...(onResponse ? { onResponse } : {}),
      },
    ],
  });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `${options.method ?? 'GET'} ${options.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    );
  }
  return { requests: result.requests.total, seconds: result.duration, good: options.check ? good : result.requests.total };
}
