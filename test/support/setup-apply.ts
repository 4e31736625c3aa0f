import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/mysql';
import { parse, stringify } from 'yaml';
import { ApplySummary, CompanySetupService, type SetupDocument, readSetupFile } from '../../src/services/company';
import { companyCai, inContext, TEST_ACTOR } from './factories';
import type { TestApp } from './test-app';

/** The setup-format example as first published, verbatim (it prices a product it does not list). */
export const EXAMPLE_FILE = path.join(__dirname, '../fixtures/operator-setup-example.yaml');

/**
 * The example as a document for company `code`. The published example prices P-IMPORT without
 * listing it in `products`, so it is refused as it stands; by default the product is added. Its
 * CAI ranges get CAIs of their own, companyCai(code, index).
 */
export function exampleDocument(code: string, { withImportProduct = true } = {}): SetupDocument {
  const doc = parse(readFileSync(EXAMPLE_FILE, 'utf8'), { schema: 'core' }) as SetupDocument;
  doc.company.code = code;
  // A CAI is one company's: each company made from the example gets its own.
  for (const point of doc.establishments?.flatMap((e) => e.emissionPoints ?? []) ?? []) {
    point.caiRanges?.forEach((range, k) => (range.cai = companyCai(code, String(k))));
  }
  if (withImportProduct) doc.products?.push({ code: 'P-IMPORT', name: 'Aceite de oliva importado 500 ml', isvRate: 15 });
  return doc;
}

const tempDir = mkdtempSync(path.join(tmpdir(), 'admin-apply-'));
let fileCount = 0;

/** Writes a document (or raw text) to a fresh temp file with the given extension. */
export function writeSetupFile(doc: unknown, extension: 'yaml' | 'json' = 'yaml'): string {
  const file = path.join(tempDir, `setup-${++fileCount}.${extension}`);
  const text = typeof doc === 'string' ? doc : extension === 'json' ? JSON.stringify(doc, null, 2) : stringify(doc);
  writeFileSync(file, text);
  return file;
}

/** Reads and applies a file through the service, in its own unit of work as the CLI does. */
export function applyFile(t: TestApp, file: string): Promise<ApplySummary> {
  return inContext(t.orm, () => t.container.get(CompanySetupService).apply(TEST_ACTOR, readSetupFile(file)));
}

export function applyDocument(t: TestApp, doc: unknown): Promise<ApplySummary> {
  return applyFile(t, writeSetupFile(doc));
}

/** The message an apply fails with; fails the test when the apply succeeds. */
export async function applyError(t: TestApp, doc: unknown): Promise<string> {
  const outcome = await applyDocument(t, doc).then(
    (summary) => ({ ok: true as const, summary }),
    (err: unknown) => ({ ok: false as const, err }),
  );
  if (outcome.ok) throw new Error(`expected the apply to fail, it gave ${JSON.stringify(outcome.summary)}`);
  if (!(outcome.err instanceof Error)) throw outcome.err;
  return outcome.err.message;
}

const TABLES = [
  'companies',
  'establishments',
  'emission_points',
  'cai_ranges',
  'operator_users',
  'payment_terminals',
  'discount_policies',
  'products',
  'price_lists',
  'product_prices',
  'product_mappings',
  'clients',
  'integration_settings',
];

/** Row counts of every table a setup file writes, to show that a refused file wrote nothing. */
export async function tableCounts(orm: MikroORM): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const connection = orm.em.fork().getConnection();
  for (const table of TABLES) {
    const [row] = await connection.execute<{ n: number }[]>(`select count(*) as n from \`${table}\``);
    counts[table] = Number(row.n);
  }
  return counts;
}
