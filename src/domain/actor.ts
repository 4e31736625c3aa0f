/**
 * Who made a change, as the activity trail names them. Every adapter builds one from what it
 * knows about its caller (the console its signed-in operator, the CLI the operating-system user
 * that ran it) and passes it to the service that makes the change: services never guess it.
 */
export type Actor = { kind: 'operator'; email: string } | { kind: 'cli'; osUser: string };

/** How the trail prints an actor: the operator's e-mail, or `cli:<os user>`. */
export function actorName(actor: Actor): string {
  return actor.kind === 'operator' ? actor.email : `cli:${actor.osUser}`;
}
