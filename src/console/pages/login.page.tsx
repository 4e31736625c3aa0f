import type { Container } from 'inversify';
import type { AppConfig } from '../../../config/config';
import { AppError } from '../../domain/app-error';
import { ConsoleSessions, ServerSecrets } from '../../services/access';
import { TOKENS } from '../../tokens';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { clearCookie, LOGIN_COOKIE, readCookie, SESSION_COOKIE, setCookie } from '../cookies';
import { errorMeaning } from '../error-meanings';
import { loginToken, newLoginNonce } from '../login-token';
import { consolePath } from '../form-page';
import { renderPage } from '../render';
import { PostForm } from '../views/post-form';

/** How long the login page's pre-session cookie (and so its form) stays good. */
const LOGIN_COOKIE_SECONDS = 30 * 60;

/** Where to go after sign-in: a path of this console only (never another site, never `//host`). */
const safeNext = consolePath;

function LoginForm({ next, email, refusal }: { next: string; email: string; refusal?: AppError }) {
  return (
    <div class="login panel">
      <h1>Iniciar sesión</h1>
      {refusal && (
        <div class="error" role="alert">
          <p>{errorMeaning(refusal.code, refusal.status)}</p>
          <p class="muted">
            <code>{refusal.code}</code>
          </p>
        </div>
      )}
      <PostForm action="/login" class="stack">
        <input type="hidden" name="next" value={next} />
        <label for="email">Correo electrónico</label>
        <input id="email" name="email" type="email" autoComplete="username" value={email || undefined} required />
        <label for="password">Contraseña</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        <button class="primary" type="submit">
          Entrar
        </button>
      </PostForm>
    </div>
  );
}

/** GET /login, POST /login (fields email, password, next) and POST /logout. */
export function registerLoginPages(router: ConsoleRouter, container: Container): void {
  const sessions = container.get(ConsoleSessions);
  const secrets = container.get(ServerSecrets);
  const { consoleSecureCookie: secure } = container.get<AppConfig>(TOKENS.Config);

  /**
   * The login page, with the pre-session cookie's token in its form (a new cookie when none is
   * set). A refused sign-in gets the same page whatever the e-mail, with the e-mail as typed (so
   * only the password is typed again) and nothing about whether it exists.
   */
  const showLogin = (ctx: ConsoleContext, next: string, refusal?: AppError, email = '') => {
    let nonce = readCookie(ctx, LOGIN_COOKIE);
    if (nonce === undefined) {
      nonce = newLoginNonce();
      setCookie(ctx, LOGIN_COOKIE, nonce, { secure, path: '/login', maxAge: LOGIN_COOKIE_SECONDS });
    }
    renderPage(ctx, {
      title: 'Iniciar sesión',
      status: refusal?.status ?? 200,
      csrfToken: loginToken(secrets, nonce),
      body: <LoginForm next={next} email={email} refusal={refusal} />,
    });
  };

  router.get('/login', (ctx) => showLogin(ctx, safeNext(ctx.query.next)));

  router.post('/login', async (ctx) => {
    const next = safeNext(ctx.state.form.next);
    try {
      const { sessionId } = await sessions.signIn(ctx.state.form.email ?? '', ctx.state.form.password ?? '', ctx.ip, ctx.state.now);
      // A new id at every sign-in; a session this browser had is ended, not reused.
      if (ctx.state.session) await sessions.signOut(ctx.state.session.id, ctx.state.now);
      setCookie(ctx, SESSION_COOKIE, sessionId, { secure });
      clearCookie(ctx, LOGIN_COOKIE, { secure, path: '/login' });
      ctx.status = 303;
      ctx.redirect(next);
    } catch (err) {
      if (!(err instanceof AppError) || (err.code !== 'SIGN_IN_FAILED' && err.code !== 'SIGN_IN_LOCKED')) throw err;
      if (err.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(err.retryAfterSeconds));
      showLogin(ctx, next, err, (ctx.state.form.email ?? '').slice(0, 254));
    }
  });

  router.post('/logout', async (ctx) => {
    if (ctx.state.session) await sessions.signOut(ctx.state.session.id, ctx.state.now);
    clearCookie(ctx, SESSION_COOKIE, { secure });
    ctx.status = 303;
    ctx.redirect('/login');
  });
}
