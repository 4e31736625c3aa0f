import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import type { OpenSession, VisibleCompany } from '../services/access';

/** A signed-in request's session: the cookie's id, its operator and its forms' token. */
export interface SignedIn extends OpenSession {
  id: string;
  lastSeenAt: Date;
}

/** What the console's middleware leaves in ctx.state for pages. */
export interface ConsoleState {
  /** The request's one instant: every rule of the request reads this clock (tests move it). */
  now: Date;
  session?: SignedIn;
  /** The company a `/companies/:code/...` path names, once the router found it among the operator's (router.ts). */
  company?: VisibleCompany;
  /** A POST's urlencoded fields, strings only (a repeated field keeps its first value). */
  form: Record<string, string>;
  /** A multipart POST's files, by field name (empty for any other request). */
  files: Record<string, UploadedFile>;
}

/** A file a form uploaded, held in memory: its name as the browser gave it and its bytes. */
export interface UploadedFile {
  name: string;
  data: Buffer;
}

export type ConsoleRouter = Router<ConsoleState>;
export type ConsoleContext = RouterContext<ConsoleState>;
