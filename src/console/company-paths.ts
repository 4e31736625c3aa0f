/** The console's paths under a company, written once: pages link to each other through these. */
export function companyPath(code: string, ...rest: Array<string | number>): string {
  return ['/companies', encodeURIComponent(code), ...rest.map((part) => encodeURIComponent(String(part)))].join('/');
}
