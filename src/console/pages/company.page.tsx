import type { Container } from 'inversify';
import { DOCUMENT_TYPES } from '../../domain/document-type';
import { CaiCancellationService, CompanyOverview, type CaiRangeOutlook } from '../../services/company';
import { parseReason, parseShortText } from '../../domain/operator-arguments';
import { type VisibleCompany } from '../../services/access';
import { companyPath, newRangePath } from '../company-paths';
import type { CaiRangeState } from '../../domain/cai-range-state';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { type FieldOfRefusal, type FieldSentences, formEchoOf } from '../form-refusal';
import { actorOf, adminCompanyOf, companyOf, operatorOf } from '../page-tools';
import { renderPage } from '../render';
import { CaiState } from '../views/cai-state';
import { DataTable } from '../views/data-table';
import { isConfirmed, renderConfirmation } from '../views/confirmation';
import { FieldProblem, type RefusedForm, FormProblem, useRefused, useTyped } from '../views/form-echo';
import { PostForm } from '../views/post-form';
import { IrreversibleSubmit } from '../views/reason-input';
import { DOCUMENT_TYPE_NAMES, formatDay } from '../views/format';

/** The states whose range needs the next one SAR grants: each links to the form that registers it. */
const NEEDS_NEXT_RANGE: ReadonlySet<CaiRangeState> = new Set(['LOW', 'DUE', 'EXHAUSTED', 'EXPIRED', 'CANCELLED']);

/** What an administrator does about a range's state: register the next range of its emission point and type. */
function NextRange({ code, range }: { code: string; range: CaiRangeOutlook }) {
  if (!NEEDS_NEXT_RANGE.has(range.state)) return <>—</>;
  return (
    <a href={newRangePath(code, `${range.establishment}-${range.emissionPoint}`, range.documentType)}>
      Registrar el rango siguiente ({range.establishment}-{range.emissionPoint}, {DOCUMENT_TYPE_NAMES[range.documentType]})
    </a>
  );
}

function RangeTable({ ranges, adminOf }: { ranges: CaiRangeOutlook[]; adminOf: string | null }) {
  if (ranges.length === 0) return <p>La empresa no tiene rangos CAI vigentes.</p>;
  return (
    <div class="wide">
      <DataTable
        caption="Rangos CAI de todos los tipos de documento"
        columns={[
          'Documento',
          'CAI',
          'Primer número',
          'Último número',
          'Estado',
          { label: 'Quedan', num: true },
          'Fecha límite',
          'Se agota (ritmo de 30 días)',
          ...(adminOf ? ['Qué hacer'] : []),
        ]}
      >
        {ranges.map((r) => (
          <tr key={r.firstPrinted}>
            <td>{DOCUMENT_TYPE_NAMES[r.documentType]}</td>
            <td>
              <code>{r.cai}</code>
            </td>
            <td class="nowrap">{r.firstPrinted}</td>
            <td class="nowrap">{r.lastPrinted}</td>
            <td>
              <CaiState state={r.state} explained />
            </td>
            <td class="num">{r.left}</td>
            <td>{formatDay(r.deadline)}</td>
            <td>{r.runsOutOn ? formatDay(r.runsOutOn) : '—'}</td>
            {adminOf && (
              <td>
                <NextRange code={adminOf} range={r} />
              </td>
            )}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

/** What the cancellation's fields take, beside them when refused. */
const CANCEL_SENTENCES: FieldSentences = {
  cai: 'Elija uno de los CAI vigentes de la empresa.',
  reason: 'Escriba el motivo (la resolución del SAR): de 1 a 255 caracteres.',
};

/** A refusal about the CAI itself (none such, already cancelled) is the CAI field's. */
const cancelField: FieldOfRefusal = ({ code }) => (code.startsWith('CAI_') ? 'cai' : null);

/** SAR cancelled a CAI (decision 71): administrators record it here, as `admin cai cancel` does. */
function CancelCaiForm({ code, cais }: { code: string; cais: string[] }) {
  const typed = useTyped('cancel');
  const refused = useRefused('cancel');
  if (cais.length === 0) return <FormProblem form="cancel" />;
  return (
    <section class="panel" aria-labelledby="cancelar-cai">
      <h2 id="cancelar-cai">Cancelar un CAI</h2>
      <p>
        Solo cuando el SAR canceló el CAI: sus rangos dejan de emitir de inmediato y para siempre (no se puede deshacer); sus números no
        usados se declaran en el reporte de este mes como CANCELADO.
      </p>
      <FormProblem form="cancel" />
      <PostForm action={companyPath(code, 'cai', 'cancel')} class="stack">
        <label for="cancel-cai">CAI</label>
        <FieldProblem form="cancel" name="cai" />
        <select id="cancel-cai" name="cai" required {...refused('cai')}>
          {cais.map((cai) => (
            <option key={cai} value={cai} selected={typed('cai') === cai}>
              {cai}
            </option>
          ))}
        </select>
        <IrreversibleSubmit id="cancel-reason" form="cancel" label="Motivo (la resolución del SAR, obligatorio)" submit="Cancelar CAI" />
      </PostForm>
    </section>
  );
}

/**
 * `/companies/{code}`: the company's CAI ranges of every document type and where each stands;
 * administrators record a CAI cancelled by SAR there.
 */
export function registerCompanyPage(router: ConsoleRouter, container: Container): void {
  const overview = container.get(CompanyOverview);
  const cancellation = container.get(CaiCancellationService);
  /** The company's page; with `echo`, the cancellation refused comes back as typed, with the refusal's status. */
  const show = async (ctx: ConsoleContext, company: VisibleCompany, echo?: RefusedForm) => {
    const ranges = await overview.ranges(company, ctx.state.now);
    const ordered = DOCUMENT_TYPES.flatMap((type) => ranges.filter((r) => r.documentType === type));
    const admin = operatorOf(ctx).role === 'admin';
    renderPage(ctx, {
      title: company.name,
      echo,
      body: (
        <>
          <h1>
            {company.name} <span class="muted">({company.code})</span>
          </h1>
          <nav aria-label="Empresa">
            <ul class="links">
              <li>
                <a href={companyPath(company.code, 'invoices')}>Facturas</a>
              </li>
              <li>
                <a href={companyPath(company.code, 'notes')}>Notas de crédito y débito</a>
              </li>
              <li>
                <a href={companyPath(company.code, 'clients')}>Clientes</a>
              </li>
              <li>
                <a href={companyPath(company.code, 'reports')}>Reportes</a>
              </li>
              {admin && (
                <>
                  <li>
                    <a href={companyPath(company.code, 'keys')}>Llaves de API</a>
                  </li>
                  <li>
                    <a href={companyPath(company.code, 'letterhead')}>Membretes</a>
                  </li>
                  <li>
                    <a href={companyPath(company.code, 'setup')}>Configuración</a>
                  </li>
                  <li>
                    <a href={companyPath(company.code, 'products')}>Productos y precios</a>
                  </li>
                  <li>
                    <a href={companyPath(company.code, 'catalog')}>Catálogo</a>
                  </li>
                </>
              )}
            </ul>
          </nav>
          <RangeTable ranges={ordered} adminOf={admin ? company.code : null} />
          {admin && (
            <CancelCaiForm code={company.code} cais={[...new Set(ordered.filter((r) => r.state !== 'CANCELLED').map((r) => r.cai))]} />
          )}
        </>
      ),
    });
  };

  router.get('/companies/:code', async (ctx) => show(ctx, companyOf(ctx)));

  router.post('/companies/:code/cai/cancel', async (ctx) => {
    const company = adminCompanyOf(ctx);
    try {
      const cai = parseShortText(ctx.state.form.cai ?? '', 'cai');
      const reason = parseReason(ctx.state.form.reason ?? '', 'reason');
      if (!isConfirmed(ctx)) {
        renderConfirmation(ctx, {
          title: `¿Cancelar el CAI ${cai}?`,
          submit: 'Sí, cancelar el CAI',
          back: companyPath(company.code),
          reason,
          children: (
            <p>
              Los rangos del CAI <code>{cai}</code> de {company.name} dejarán de emitir de inmediato y para siempre; sus números no usados
              se declararán como CANCELADO en el reporte de este mes. Una cancelación no se deshace.
            </p>
          ),
        });
        return;
      }
      await cancellation.cancel(actorOf(ctx), company, cai, reason, ctx.state.now);
    } catch (err) {
      // A refused cancellation comes back on the company's page as typed, nothing changed.
      const echo = formEchoOf(err, 'cancel', ctx.state.form, CANCEL_SENTENCES, cancelField);
      if (echo === null) throw err;
      await show(ctx, company, echo);
      return;
    }
    ctx.status = 303;
    ctx.redirect(companyPath(company.code));
  });
}
