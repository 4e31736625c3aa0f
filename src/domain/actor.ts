/**
 * Who made a change, as the activity trail names them. Every adapter builds one from what it
 * knows about its caller (the console its signed-in operator, the CLI the operating-system user
 * that ran it) and passes it to the service that makes the change: services never guess it.
 * `unknown` is whoever failed to sign in with an e-mail no operator has: what was typed there is
 * never recorded, since it may be a password typed into the wrong field (decision 67).
 */
export type Actor = { kind: 'operator'; email: string } | { kind: 'cli'; osUser: string } | { kind: 'unknown' };

/** How the trail prints an actor: the operator's e-mail, `cli:<os user>`, or `unknown`. */
export function actorName(actor: Actor): string {
  switch (actor.kind) {
    case 'operator':
      return actor.email;
    case 'cli':
      return `cli:${actor.osUser}`;
    case 'unknown':
      return 'unknown';
  }
}
