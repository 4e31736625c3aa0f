import fs from 'node:fs';
import path from 'node:path';
import { NEEDS } from '../../scripts/setup/needs';

/**
 * The Dockerfile cannot run the setup check (scripts/setup/needs.ts holds the one package list),
 * so it names its apt packages itself; this keeps the two from drifting apart. The image that
 * serves (stage `base`) holds what the service needs for its PDFs; the `build` stage, where
 * `npm test` runs, adds what the tests need, except what only CI or the bare-machine test asks for.
 */
function packagesOfStage(dockerfile: string, stage: string): string[] {
  const body = dockerfile.split(/^FROM /m).find((part) => new RegExp(`\\bAS ${stage}\\b`).test(part.split('\n')[0])) ?? '';
  const installs = [...body.replace(/\\\n/g, ' ').matchAll(/apt-get install ([^&\n]+)/g)].map((m) => m[1]);
  return installs.flatMap((args) => args.split(/\s+/).filter((word) => word !== '' && !word.startsWith('-')));
}

describe('the Dockerfile installs what the setup check asks for', () => {
  const dockerfile = fs.readFileSync(path.join(__dirname, '..', '..', 'Dockerfile'), 'utf8');
  const runtime = packagesOfStage(dockerfile, 'base');
  const forTests = [...runtime, ...packagesOfStage(dockerfile, 'build')];

  it('reads the stages it checks', () => {
    expect(runtime).toContain('tini');
    expect(forTests).toContain('chromium');
  });

  it.each(NEEDS.filter((need) => need.purposes.includes('demo')).map((need) => [need.what, need.packages] as const))(
    'the serving image has %s',
    (_what, packages) => {
      for (const name of packages) expect(runtime).toContain(name);
    },
  );

  it.each(
    NEEDS.filter((need) => need.purposes.includes('test') && need.wanted === undefined).map((need) => [need.what, need.packages] as const),
  )('the test stage has %s', (_what, packages) => {
    for (const name of packages) expect(forTests).toContain(name);
  });
});
