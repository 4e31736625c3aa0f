import { writeFileSync } from 'node:fs';
import supertest from 'supertest';
import { API_TYPES_FILE, generateApiTypes } from '../test/client/generate-api-types';
import { docsOnlyApp } from './docs-app';

/**
 * `npm run gen:client`: fetches /v1/docs-yaml from the service's own docs route, built
 * in-process (no database needed), and writes the typed client's types to test/client/api-types.ts.
 */
async function main(): Promise<void> {
  const res = await supertest(docsOnlyApp().callback()).get('/v1/docs-yaml');
  if (res.status !== 200) throw new Error(`GET /v1/docs-yaml answered ${res.status}`);
  writeFileSync(API_TYPES_FILE, generateApiTypes(res.text));
  console.log(`wrote ${API_TYPES_FILE}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
