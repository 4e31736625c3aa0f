/** The console's paths under a company, written once: pages link to each other through these. */
export function companyPath(code: string, ...rest: Array<string | number>): string {
  return ['/companies', encodeURIComponent(code), ...rest.map((part) => encodeURIComponent(String(part)))].join('/');
}

/**
 * The form that registers a CAI range, for an emission point (`EEE-PPP`) and document type: where
 * the company page's CAI alerts lead.
 */
export function newRangePath(code: string, point?: string, documentType?: string): string {
  const query = new URLSearchParams({ ...(point ? { point } : {}), ...(documentType ? { type: documentType } : {}) }).toString();
  return `${companyPath(code, 'cai', 'new')}${query ? `?${query}` : ''}`;
}
