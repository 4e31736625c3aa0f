import type { ConsoleContext } from '../console-state';
import { formPageOf } from '../form-page';
import { renderPage } from '../render';

/**
 * The answer to a POST whose session ended (30 minutes idle, 12 hours, sign-out elsewhere): 401,
 * nothing done, and the way back: signing in again leads to the page the form was on (decision 90).
 */
export function renderSessionExpired(ctx: ConsoleContext): void {
  const next = formPageOf(ctx);
  renderPage(ctx, {
    title: 'Su sesión terminó',
    status: 401,
    body: (
      <section class="panel login" aria-labelledby="sesion-terminada">
        <h1 id="sesion-terminada">Su sesión terminó</h1>
        <div class="error" role="alert">
          <p>
            Su sesión terminó (tras 30 minutos sin uso, 12 horas en total o al cerrarla), así que el formulario no se envió y no se cambió
            nada.
          </p>
        </div>
        <p>Inicie sesión de nuevo: volverá a la página del formulario para enviarlo otra vez.</p>
        <p>
          <a class="button" href={`/login?next=${encodeURIComponent(next)}`}>
            Iniciar sesión y volver al formulario
          </a>
        </p>
      </section>
    ),
  });
}
