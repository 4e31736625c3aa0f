import { createConfig, lintFromString } from '@redocly/openapi-core';

/**
 * Lints an OpenAPI document with Redocly's `recommended` rules and returns every problem
 * (errors and warnings) as one line each. Two rules are off, for reasons of this service:
 * - operation-4xx-response: health and the two documentation routes take no input, so no
 *   4xx is theirs (an unknown path or method is documented once, in the description);
 * - info-license: the service is proprietary and has no public licence to point to.
 */
export async function lintOpenApi(yaml: string): Promise<string[]> {
  const config = await createConfig({
    extends: ['recommended'],
    rules: { 'operation-4xx-response': 'off', 'info-license': 'off' },
  });
  const problems = await lintFromString({ source: yaml, absoluteRef: '/v1/docs-yaml', config });
  return problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
}
