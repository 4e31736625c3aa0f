import os from 'node:os';
import { actorName } from '../../src/domain/actor';
import { cliActor } from '../../src/cli/cli-actor';

describe('actors of the activity trail', () => {
  afterEach(() => jest.restoreAllMocks());

  it('prints an operator as the e-mail and the CLI as cli:<os user>', () => {
    expect(actorName({ kind: 'operator', email: 'ana@empresa.hn' })).toBe('ana@empresa.hn');
    expect(actorName({ kind: 'cli', osUser: 'contador' })).toBe('cli:contador');
  });

  it('the CLI runs as the operating-system user', () => {
    jest.spyOn(os, 'userInfo').mockReturnValue({ username: 'contador', uid: 1000, gid: 1000, shell: null, homedir: '/home/contador' });
    expect(cliActor()).toEqual({ kind: 'cli', osUser: 'contador' });
  });

  it('a uid without a passwd entry falls back to the login name, then to the uid', () => {
    jest.spyOn(os, 'userInfo').mockImplementation(() => {
      throw Object.assign(new Error('ENOENT: no such file or directory, uv_os_get_passwd'), { code: 'ENOENT' });
    });
    const saved = { USER: process.env.USER, LOGNAME: process.env.LOGNAME };
    try {
      process.env.USER = 'deploy';
      expect(cliActor()).toEqual({ kind: 'cli', osUser: 'deploy' });
      delete process.env.USER;
      delete process.env.LOGNAME;
      expect(cliActor()).toEqual({ kind: 'cli', osUser: `uid-${process.getuid!()}` });
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
