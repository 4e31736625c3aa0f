import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { PageEnvContext } from './page-env';
import { PostForm } from './post-form';

const ROLE_NAMES = { admin: 'administrador', accountant: 'contador' } as const;

/** Every page: skip link, the header (operator, companies, activity, sign-out), then the page's own content. */
export function Layout({ title, children }: { title: string; children: ComponentChildren }) {
  const { operator } = useContext(PageEnvContext);
  return (
    <html lang="es-HN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Consola de facturación`}</title>
        <link rel="stylesheet" href="/assets/console.css" />
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
      </head>
      <body>
        <a class="skip-link" href="#contenido">
          Saltar al contenido
        </a>
        <header class="top">
          <div class="bar">
            <a class="brand" href="/">
              Consola de facturación
            </a>
            {operator && (
              <>
                <nav aria-label="Principal">
                  <ul>
                    <li>
                      <a href="/">Empresas</a>
                    </li>
                    <li>
                      <a href="/activity">Actividad</a>
                    </li>
                  </ul>
                </nav>
                <span class="who">
                  {operator.name} ({ROLE_NAMES[operator.role]})
                </span>
                <PostForm action="/logout">
                  <button type="submit">Cerrar sesión</button>
                </PostForm>
              </>
            )}
          </div>
        </header>
        <main id="contenido" tabIndex={-1}>
          {children}
        </main>
      </body>
    </html>
  );
}
