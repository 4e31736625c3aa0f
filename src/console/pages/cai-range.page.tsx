import type { Container } from 'inversify';
import { DOCUMENT_TYPES, isDocumentType } from '../../domain/document-type';
import { type VisibleCompany } from '../../services/access';
import { CompanySetupService, CompanySetupView } from '../../services/company';
import { companyPath } from '../company-paths';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { adminCompanyOf } from '../page-tools';
import { renderPage } from '../render';
import { postSetupForm, requiredText, wholeNumberField, type FormRefusal } from '../setup-change';
import { Crumbs } from '../views/crumbs';
import { DOCUMENT_TYPE_NAMES } from '../views/format';
import { SelectField, SetupForm, SetupPanel, TextField } from '../views/setup-form';

const queryValue = (ctx: ConsoleContext, name: string) => (typeof ctx.query[name] === 'string' ? ctx.query[name] : '');

/**
 * `/companies/{code}/cai/new` (administrators): registers the range SAR granted (its CAI, document
 * type, first and last number, deadline) at an emission point, as a setup document naming that one
 * range, through `admin apply`'s service; the numbering takes it as soon as the ranges before it
 * run out (the lowest usable range first). `?point=EEE-PPP&type=invoice` preselects, as the company
 * page's alerts link here.
 */
export function registerCaiRangePages(router: ConsoleRouter, container: Container): void {
  const view = container.get(CompanySetupView);
  const setup = container.get(CompanySetupService);

  const show = async (ctx: ConsoleContext, company: VisibleCompany, refusal?: FormRefusal) => {
    const overview = await view.overview(company);
    const points = overview.establishments.flatMap((e) =>
      e.emissionPoints.map((p) => ({ value: `${e.code}-${p.code}`, label: `${e.code}-${p.code}${p.name ? ` · ${p.name}` : ''}` })),
    );
    const type = queryValue(ctx, 'type');
    const defaults = {
      point: queryValue(ctx, 'point') || (overview.integration.emissionPoint ?? ''),
      documentType: isDocumentType(type) ? type : 'invoice',
    };
    renderPage(ctx, {
      title: `Registrar un rango CAI de ${company.code}`,
      status: refusal ? 422 : 200,
      body: (
        <>
          <Crumbs company={company} />
          <h1>Registrar un rango CAI</h1>
          <p>
            Escriba el rango tal como lo autorizó el SAR. Se usa cuando los rangos anteriores del mismo punto de emisión y tipo de documento
            se agotan o vencen; sus números no pueden traslaparse con los de otro rango del mismo punto y tipo.
          </p>
          <SetupPanel id="rango-nuevo" title="Rango autorizado">
            <SetupForm
              submit="Registrar el rango"
              id="range"
              action={companyPath(company.code, 'cai', 'new')}
              refusal={refusal}
              defaults={defaults}
            >
              <SelectField name="point" setupField="establishments[0].code" label="Punto de emisión" options={points} none="Elija uno" />
              <SelectField
                name="documentType"
                label="Tipo de documento"
                options={DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_NAMES[t] }))}
              />
              <TextField name="cai" label="CAI" required maxLength={64} />
              <TextField name="rangeStart" label="Primer número autorizado" required inputMode="numeric" maxLength={8} />
              <TextField name="rangeEnd" label="Último número autorizado" required inputMode="numeric" maxLength={8} />
              <TextField name="deadline" label="Fecha límite de emisión" type="date" required />
            </SetupForm>
          </SetupPanel>
        </>
      ),
    });
  };

  router.get('/companies/:code/cai/new', async (ctx) => {
    await show(ctx, adminCompanyOf(ctx));
  });

  postSetupForm(router, setup, { path: '/companies/:code/cai/new', form: 'range', back: [], show }, (f) => {
    const [establishment, point] = (requiredText(f, 'point') ?? '').split('-');
    const range = {
      cai: requiredText(f, 'cai'),
      documentType: requiredText(f, 'documentType'),
      rangeStart: wholeNumberField(f, 'rangeStart'),
      rangeEnd: wholeNumberField(f, 'rangeEnd'),
      deadline: requiredText(f, 'deadline'),
    };
    // As typed: what is missing or malformed is the setup rules' to refuse, with their messages.
    return { establishments: [{ code: establishment || undefined, emissionPoints: [{ code: point, caiRanges: [range] }] }] };
  });
}
