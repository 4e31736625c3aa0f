import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { companyCai } from '../support/factories';
import { applyDocument, applyFile } from '../support/setup-apply';
import { createTestApp, TestApp } from '../support/test-app';

const ROOT = path.join(__dirname, '../..');

/** The setup file a newcomer copies from the README: its ```yaml block under "The setup file", or the one after `after`. */
function readmeSetupBlock(after = '### The setup file'): unknown {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf(after));
  const block = /```yaml\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error(`README has no yaml block after "${after}"`);
  return parse(block[1], { schema: 'core' });
}

/** The operator examples of the README must keep working as the setup format evolves. */
describe('the README setup examples', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('applies docs/company-setup.example.yaml as it stands, and again without changes', async () => {
    const file = path.join(ROOT, 'docs/company-setup.example.yaml');
    expect((await applyFile(t, file)).created).toBeGreaterThan(0);
    expect(await applyFile(t, file)).toMatchObject({ created: 0, updated: 0, deleted: 0 });
  });

  it('applies the partial file of the README over that company: one entry created, two updated', async () => {
    await expect(applyDocument(t, readmeSetupBlock('**Partial files.**'))).resolves.toMatchObject({
      companyCode: 'ACME',
      created: 1,
      updated: 2,
      deleted: 0,
    });
  });

  it('applies the essential example printed in the README', async () => {
    const document = readmeSetupBlock() as {
      company: { code: string };
      establishments: { emissionPoints: { caiRanges: { cai: string }[] }[] }[];
    };
    document.company.code = 'README';
    // A CAI belongs to one company, and ACME (applied above) holds the example's: this copy takes its own.
    document.establishments
      .flatMap((e) => e.emissionPoints.flatMap((p) => p.caiRanges))
      .forEach((range, i) => (range.cai = companyCai('README', String(i))));
    await expect(applyDocument(t, document)).resolves.toMatchObject({ companyCode: 'README' });
  });
});
