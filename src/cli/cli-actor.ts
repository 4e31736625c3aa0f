import os from 'node:os';

/**
 * Who acts when an operator runs a command: `cli:<os user>`, as the activity trail and the
 * letterhead history name them. The account the command runs under, not a claim it makes.
 */
export function cliActor(): string {
  let user: string;
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry for the uid (some containers): the uid is still who it is.
    user = String(process.getuid?.() ?? 'unknown');
  }
  return `cli:${user}`;
}
