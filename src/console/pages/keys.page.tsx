import type { Container } from 'inversify';
import { AppError } from '../../domain/app-error';
import { ApiKeyService, MAX_ACTIVE_KEYS, statusOf, type VisibleCompany } from '../../services/access';
import { companyPath } from '../company-paths';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { actorOf, adminCompanyOf, pathId } from '../page-tools';
import { renderPage } from '../render';
import { DataTable } from '../views/data-table';
import { formatInstant } from '../views/format';
import { isConfirmed, renderConfirmation } from '../views/confirmation';
import { formEchoOf } from '../form-refusal';
import { type RefusedForm, FormProblem } from '../views/form-echo';
import { PostForm } from '../views/post-form';

const STATUS_NAMES = { active: 'activa', revoked: 'revocada', expired: 'vencida' } as const;

interface KeyRow {
  id: number;
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
  status: keyof typeof STATUS_NAMES;
}

function KeysView({ company, keys, issued }: { company: VisibleCompany; keys: KeyRow[]; issued?: string }) {
  const base = companyPath(company.code, 'keys');
  return (
    <>
      <h1>
        Llaves de API de {company.name} <span class="muted">({company.code})</span>
      </h1>
      {issued !== undefined && (
        <div class="notice" role="status">
          <p>
            <strong>Llave nueva.</strong> Cópiela ahora: no se volverá a mostrar (solo se guarda su huella).
          </p>
          <p class="secret" id="llave-nueva">
            {issued}
          </p>
        </div>
      )}
      <DataTable
        caption={`Llaves (como máximo ${MAX_ACTIVE_KEYS} activas)`}
        columns={['Prefijo', 'Estado', 'Creada', 'Revocada', 'Acción']}
      >
        {keys.map((k) => (
          <tr key={k.id}>
            <td>
              <code>{k.prefix}…</code>
            </td>
            <td>{STATUS_NAMES[k.status]}</td>
            <td>{formatInstant(k.createdAt)}</td>
            <td>{k.revokedAt ? formatInstant(k.revokedAt) : '—'}</td>
            <td>
              {k.status === 'active' && (
                <PostForm action={`${base}/${k.id}/revoke`} class="inline">
                  <button class="danger" type="submit" aria-label={`Revocar la llave ${k.prefix}`}>
                    Revocar
                  </button>
                </PostForm>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <FormProblem form="issue" />
      <PostForm action={base}>
        <button class="primary" type="submit">
          Emitir una llave nueva
        </button>
      </PostForm>
    </>
  );
}

/**
 * `/companies/{code}/keys` (administrators): the keys, issue and revoke. A new key appears only on
 * the answer to the POST that issued it; only its hash is stored, so no later page can show it.
 */
export function registerKeysPages(router: ConsoleRouter, container: Container): void {
  const apiKeys = container.get(ApiKeyService);

  /** The keys; with `issued`, the key just issued; with `echo`, why no key was issued, with its status. */
  const show = async (ctx: ConsoleContext, company: VisibleCompany, issued?: string, echo?: RefusedForm) => {
    const keys = (await apiKeys.list(company)).map((k): KeyRow => ({
      id: k.id,
      prefix: k.prefix,
      createdAt: k.createdAt,
      revokedAt: k.revokedAt,
      status: statusOf(k, ctx.state.now),
    }));
    renderPage(ctx, {
      title: `Llaves de API de ${company.code}`,
      echo,
      body: (
        <>
          <KeysView company={company} keys={keys} issued={issued} />
        </>
      ),
    });
  };

  router.get('/companies/:code/keys', async (ctx) => {
    await show(ctx, adminCompanyOf(ctx));
  });

  router.post('/companies/:code/keys', async (ctx) => {
    const company = adminCompanyOf(ctx);
    let key: string;
    try {
      ({ key } = await apiKeys.issue(actorOf(ctx), company, null, ctx.state.now));
    } catch (err) {
      // Five keys already active: the keys again, saying so beside the button.
      const echo = formEchoOf(err, 'issue', ctx.state.form, {});
      if (echo === null) throw err;
      await show(ctx, company, undefined, echo);
      return;
    }
    await show(ctx, company, key);
  });

  router.post('/companies/:code/keys/:id/revoke', async (ctx) => {
    const company = adminCompanyOf(ctx);
    const id = pathId(ctx);
    const key = (await apiKeys.list(company)).find((k) => k.id === id);
    if (!key) throw new AppError('API_KEY_NOT_FOUND', `company ${company.code} has no API key with id ${id}`);
    // A revoked key has nothing left to confirm: revoking it again changes nothing.
    if (!isConfirmed(ctx) && !key.revokedAt) {
      renderConfirmation(ctx, {
        title: `¿Revocar la llave ${key.prefix}…?`,
        submit: 'Sí, revocar la llave',
        back: companyPath(company.code, 'keys'),
        children: (
          <p>
            La llave <code>{key.prefix}…</code> de {company.name} dejará de abrir la API de inmediato y para siempre: el sistema que la use
            recibirá 401 hasta que se le configure otra llave. Una revocación no se deshace.
          </p>
        ),
      });
      return;
    }
    await apiKeys.revoke(actorOf(ctx), company, id, ctx.state.now);
    ctx.status = 303;
    ctx.redirect(companyPath(company.code, 'keys'));
  });
}
