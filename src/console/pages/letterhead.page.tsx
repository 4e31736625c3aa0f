import type { Container } from 'inversify';
import { AppError } from '../../domain/app-error';
import { DOCUMENT_TYPE_INFO, DOCUMENT_TYPES, isDocumentType, type DocumentType } from '../../domain/document-type';
import {
  LetterheadService,
  type LetterheadPublicationView,
  type LetterheadState,
  type CompanyTemplateCheck,
} from '../../services/documents';
import { type VisibleCompany } from '../../services/access';
import { companyPath } from '../company-paths';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { LetterheadCandidates } from '../letterhead-candidates';
import { UPLOAD_LIMITS } from '../middleware/multipart-body';
import { actorOf, adminCompanyOf, notFound } from '../page-tools';
import { templateProblemMeaning } from '../problem-meanings';
import { renderPage } from '../render';
import { DataTable } from '../views/data-table';
import { DOCUMENT_TYPE_NAMES, formatInstant } from '../views/format';
import { PostForm } from '../views/post-form';
import { sendAttachment, sendPdf } from './file-answers';

/** How much of a SHA-256 the page shows: as `admin template current` prints at least. */
const SHA_SHOWN = 12;
const ODT_TYPE = 'application/vnd.oasis.opendocument.text';
const ACTION_NAMES = { published: 'Publicado', 'rolled-back': 'Revertido' } as const;

const short = (sha: string) => sha.slice(0, SHA_SHOWN);

function CurrentLetterhead({ state }: { state: LetterheadState }) {
  if (state.publication) {
    const p = state.publication;
    return (
      <p>
        Vigente: versión publicada <code>{short(p.sha256)}</code>, el {formatInstant(p.publishedAt)} por {p.publishedBy}
        {p.logoSha256 ? (
          <>
            {' '}
            (logo <code>{short(p.logoSha256)}</code>)
          </>
        ) : null}
        .
      </p>
    );
  }
  return (
    <p>
      Vigente: archivos del servidor
      {state.sha256 ? (
        <>
          {' '}
          (<code>{short(state.sha256)}</code>)
        </>
      ) : (
        <> (la plantilla no se puede leer: {state.file})</>
      )}
      .
    </p>
  );
}

function History({ rows }: { rows: LetterheadPublicationView[] }) {
  if (rows.length === 0) return <p>Nunca se ha publicado un membrete para este documento.</p>;
  return (
    <DataTable
      caption="Historial de publicaciones (la primera fila es la vigente)"
      columns={['Acción', 'Plantilla (SHA-256)', 'Logo (SHA-256)', 'Fecha', 'Por']}
    >
      {rows.map((row) => (
        <tr key={row.id}>
          <td>{ACTION_NAMES[row.action]}</td>
          <td>
            <code>{short(row.sha256)}</code>
          </td>
          <td>{row.logoSha256 ? <code>{short(row.logoSha256)}</code> : '—'}</td>
          <td>{formatInstant(row.publishedAt)}</td>
          <td>{row.publishedBy}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function DocumentLetterhead({ code, state, history }: { code: string; state: LetterheadState; history: LetterheadPublicationView[] }) {
  const type = state.documentType;
  const name = DOCUMENT_TYPE_NAMES[type];
  const base = companyPath(code, 'letterhead', type);
  return (
    <section aria-labelledby={`membrete-${type}`}>
      <h2 id={`membrete-${type}`}>{name}</h2>
      <CurrentLetterhead state={state} />
      {state.sha256 && (
        <p>
          <a href={`${base}/template.odt`} download>
            Descargar la plantilla vigente de {name.toLowerCase()} (.odt)
          </a>
        </p>
      )}
      <PostForm action={`${base}/candidate`} enctype="multipart/form-data">
        <fieldset>
          <legend>Revisar una plantilla nueva de {name.toLowerCase()}</legend>
          <p>
            <label for={`plantilla-${type}`}>Plantilla (.odt, hasta {UPLOAD_LIMITS.template.label})</label>
            <input id={`plantilla-${type}`} type="file" name="template" accept={`.odt,${ODT_TYPE}`} required />
          </p>
          <p>
            <label for={`logo-${type}`}>Logo (PNG, hasta {UPLOAD_LIMITS.logo.label}; opcional: sin él se conserva el logo vigente)</label>
            <input id={`logo-${type}`} type="file" name="logo" accept="image/png" />
          </p>
          <button class="primary" type="submit">
            Revisar y ver la muestra
          </button>
        </fieldset>
      </PostForm>
      <History rows={history} />
      {history.length > 1 && (
        <PostForm action={`${base}/rollback`}>
          <button class="danger" type="submit">
            Revertir {name.toLowerCase()} al membrete anterior
          </button>
        </PostForm>
      )}
    </section>
  );
}

function CandidateView({
  company,
  type,
  check,
  candidateId,
}: {
  company: VisibleCompany;
  type: DocumentType;
  check: CompanyTemplateCheck;
  candidateId?: string;
}) {
  const back = companyPath(company.code, 'letterhead');
  return (
    <>
      <h1>
        Revisión del membrete de {DOCUMENT_TYPE_NAMES[type].toLowerCase()} de {company.name} <span class="muted">({company.code})</span>
      </h1>
      <p>
        Plantilla: <code>{check.file}</code>
      </p>
      {check.problems.length > 0 ? (
        <div class="error" role="alert">
          <p>
            <strong>La plantilla no pasó la revisión; no se publicó nada.</strong> Problemas encontrados:
          </p>
          <ul id="problemas">
            {check.problems.map((problem) => (
              <li key={problem}>
                {templateProblemMeaning(problem)} <small class="muted">({problem})</small>
              </li>
            ))}
          </ul>
        </div>
      ) : !check.rendered ? (
        <div class="error" role="alert">
          <p>
            <strong>No se pudo imprimir la muestra</strong> ({check.unavailableReason ?? 'LibreOffice no disponible'}); no se publicó nada.
            Intente de nuevo en unos minutos.
          </p>
        </div>
      ) : (
        <div class="notice" role="status">
          <p>
            <strong>La plantilla pasó la revisión.</strong> Revise la muestra impresa con los datos de la empresa antes de publicarla.
          </p>
          <p>
            <a href={companyPath(company.code, 'letterhead', 'candidates', candidateId ?? '', 'preview.pdf')} target="_blank">
              Ver la muestra en PDF
            </a>
          </p>
          <PostForm action={companyPath(company.code, 'letterhead', 'candidates', candidateId ?? '', 'publish')}>
            <button class="primary" type="submit">
              Publicar
            </button>
          </PostForm>
        </div>
      )}
      <p>
        <a href={back}>Volver a los membretes</a>
      </p>
    </>
  );
}

/**
 * `/companies/{code}/letterhead` (administrators): per document type, what prints now, the
 * current template to download, a candidate to upload, check and preview, then publish, and the
 * history with rollback (decision 64). Checked candidates wait in this process's memory, bound to
 * the session (letterhead-candidates.ts): "Publicar" publishes the bytes that were previewed.
 */
export function registerLetterheadPages(router: ConsoleRouter, container: Container): void {
  const letterheads = container.get(LetterheadService);
  const candidates = new LetterheadCandidates();

  /** The company of an administrator's request, and the document type its path names. */
  const target = (ctx: ConsoleContext): { company: VisibleCompany; type: DocumentType } => {
    const company = adminCompanyOf(ctx);
    const type = ctx.params.document;
    if (!isDocumentType(type)) throw notFound();
    return { company, type };
  };
  const candidateOf = (ctx: ConsoleContext) => {
    const company = adminCompanyOf(ctx);
    const candidate = candidates.find(ctx.params.id ?? '', ctx.state.session?.id ?? '', company.id, ctx.state.now);
    if (!candidate)
      throw new AppError('NOT_FOUND', 'this candidate letterhead is no longer held (it expired or was published): upload it again');
    return { company, candidate };
  };
  const backToPage = (ctx: ConsoleContext, company: VisibleCompany) => {
    ctx.status = 303;
    ctx.redirect(companyPath(company.code, 'letterhead'));
  };

  router.get('/companies/:code/letterhead', async (ctx) => {
    const company = adminCompanyOf(ctx);
    const states = await letterheads.current(company);
    const histories = await Promise.all(DOCUMENT_TYPES.map((type) => letterheads.history(company, type)));
    renderPage(ctx, {
      title: `Membretes de ${company.code}`,
      body: (
        <>
          <h1>
            Membretes de {company.name} <span class="muted">({company.code})</span>
          </h1>
          <p>
            Descargue la plantilla vigente, edítela en LibreOffice y súbala: se revisa y se imprime una muestra con los datos de la empresa
            antes de publicarla. Lo publicado vale para los documentos que se emitan desde entonces en todas las instancias; los ya emitidos
            conservan su membrete.
          </p>
          {states.map((state, i) => (
            <DocumentLetterhead key={state.documentType} code={company.code} state={state} history={histories[i]} />
          ))}
        </>
      ),
    });
  });

  router.get('/companies/:code/letterhead/:document/template.odt', async (ctx) => {
    const { company, type } = target(ctx);
    const template = await letterheads.currentTemplate(company, type);
    const fileName = `${company.code}-${DOCUMENT_TYPE_INFO[type].templateFile}`.replace(/[^A-Za-z0-9._-]/g, '_');
    sendAttachment(ctx, fileName, ODT_TYPE, template.data);
  });

  router.post('/companies/:code/letterhead/:document/candidate', async (ctx) => {
    const { company, type } = target(ctx);
    const { template, logo } = ctx.state.files;
    if (!template || template.data.length === 0) throw new AppError('VALIDATION_FAILED', 'choose the template (.odt) to check');
    const logoChoice = logo && logo.data.length > 0 ? logo : undefined;
    const check = await letterheads.candidatePreview(company, type, template, logoChoice);
    const passed = check.problems.length === 0 && check.rendered && check.pdf !== null;
    const candidateId = passed
      ? candidates.add(
          {
            sessionId: ctx.state.session?.id ?? '',
            companyId: company.id,
            documentType: type,
            template,
            logo: logoChoice,
            pdf: check.pdf as Buffer,
          },
          ctx.state.now,
        )
      : undefined;
    renderPage(ctx, {
      title: `Revisión del membrete de ${company.code}`,
      status: passed ? 200 : check.problems.length > 0 ? 422 : 503,
      body: <CandidateView company={company} type={type} check={check} candidateId={candidateId} />,
    });
  });

  router.get('/companies/:code/letterhead/candidates/:id/preview.pdf', async (ctx) => {
    const { company, candidate } = candidateOf(ctx);
    sendPdf(ctx, `${company.code}-muestra-${candidate.documentType}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_'), candidate.pdf);
  });

  router.post('/companies/:code/letterhead/candidates/:id/publish', async (ctx) => {
    const { company, candidate } = candidateOf(ctx);
    await letterheads.publish(company, candidate.documentType, candidate.template, candidate.logo, actorOf(ctx));
    candidates.remove(ctx.params.id);
    backToPage(ctx, company);
  });

  router.post('/companies/:code/letterhead/:document/rollback', async (ctx) => {
    const { company, type } = target(ctx);
    await letterheads.rollback(company, type, actorOf(ctx));
    backToPage(ctx, company);
  });
}
