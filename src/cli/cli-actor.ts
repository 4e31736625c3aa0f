import os from 'node:os';
import type { Actor } from '../domain/actor';

/**
 * The activity trail's actor for a command run from a shell: the operating-system user. A uid with
 * no entry in the passwd database (a container run with an arbitrary uid) makes userInfo throw;
 * the login name from the environment, or the uid, still tells operators who it was.
 */
export function cliActor(): Actor {
  return { kind: 'cli', osUser: osUserName() };
}

function osUserName(): string {
  try {
    const name = os.userInfo().username;
    if (name) return name;
  } catch {
    // Fall through to what the environment says.
  }
  const fromEnv = process.env.USER || process.env.LOGNAME;
  if (fromEnv) return fromEnv;
  return typeof process.getuid === 'function' ? `uid-${process.getuid()}` : 'unknown';
}
