import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchersPresent, prepareDieWithParentLaunchers } from '../../src/pdf/die-with-parent';

const installation = { sofficePath: '/opt/office/program/soffice', programDir: '/opt/office/program', pythonPath: '/usr/bin/python3' };

const describeOnLinux = process.platform === 'linux' ? describe : describe.skip;

describeOnLinux('die-with-parent launchers', () => {
  let baseDir: string;
  beforeEach(() => {
    baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchers-test-'));
  });
  afterEach(() => fs.rmSync(baseDir, { recursive: true, force: true }));

  const snapshot = (dir: string) =>
    Object.fromEntries(
      ['die-with-parent.py', 'soffice.bin', 'python3'].map((name) => {
        const file = path.join(dir, name);
        return [name, { content: fs.readFileSync(file, 'utf8'), mode: fs.statSync(file).mode & 0o777 }];
      }),
    );

  it('writes executable soffice.bin and python3 launchers that run the real programs', () => {
    const dir = prepareDieWithParentLaunchers(baseDir, installation)!;
    expect(path.dirname(dir)).toBe(baseDir);
    const files = snapshot(dir);
    expect(files['soffice.bin']).toEqual({ content: expect.stringContaining('\'/opt/office/program/soffice.bin\' "$@"'), mode: 0o755 });
    expect(files.python3).toEqual({ content: expect.stringContaining('\'/usr/bin/python3\' "$@"'), mode: 0o755 });
    expect(files['die-with-parent.py'].content).toContain('PR_SET_PDEATHSIG');
  });

  it('re-creates the directory a tmp cleaner removed, at the same path, as it was', () => {
    const dir = prepareDieWithParentLaunchers(baseDir, installation)!;
    const before = snapshot(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(launchersPresent(dir)).toBe(false);
    expect(prepareDieWithParentLaunchers(baseDir, installation)).toBe(dir);
    expect(launchersPresent(dir)).toBe(true);
    expect(snapshot(dir)).toEqual(before);
  });

  it('restores a single launcher removed or altered, and its mode', () => {
    const dir = prepareDieWithParentLaunchers(baseDir, installation)!;
    const before = snapshot(dir);
    fs.rmSync(path.join(dir, 'python3'));
    fs.writeFileSync(path.join(dir, 'soffice.bin'), '#!/bin/sh\nexit 1\n', { mode: 0o600 });
    expect(launchersPresent(dir)).toBe(false);
    prepareDieWithParentLaunchers(baseDir, installation);
    expect(snapshot(dir)).toEqual(before);
  });

  it('re-creates the base directory too', () => {
    fs.rmSync(baseDir, { recursive: true, force: true });
    const dir = prepareDieWithParentLaunchers(baseDir, installation)!;
    expect(launchersPresent(dir)).toBe(true);
  });
});
