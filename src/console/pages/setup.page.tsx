import type { Container } from 'inversify';
import { type VisibleCompany } from '../../services/access';
import { CompanySetupService, CompanySetupView, type SetupOverview } from '../../services/company';
import { companyPath } from '../company-paths';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { adminCompanyOf } from '../page-tools';
import { renderPage } from '../render';
import { checked, postSetupForm, optionalText, requiredText, type FormRefusal, type SetupEntries } from '../setup-change';
import { Crumbs } from '../views/crumbs';
import { DataTable } from '../views/data-table';
import { CheckField, SelectField, SetupForm, SetupPanel, TextField } from '../views/setup-form';

const codeOptions = (rows: Array<{ code: string; name: string | null }>) =>
  rows.map(({ code, name }) => ({ value: code, label: name ? `${code} · ${name}` : code }));

function IntegrationForm({ code, setup, refusal }: { code: string; setup: SetupOverview; refusal?: FormRefusal }) {
  const { integration } = setup;
  const points = setup.establishments.flatMap((e) =>
    e.emissionPoints.map((p) => ({ value: `${e.code}-${p.code}`, label: `${e.code}-${p.code}${p.name ? ` · ${p.name}` : ''}` })),
  );
  return (
    <SetupPanel
      id="integracion"
      title="Integración con la API"
      intro="Apagada, la API responde a cada factura que no está habilitada. Sin punto de emisión, usuario, lista de precios o caja, la API rechaza las ventas que los necesitan."
    >
      <SetupForm
        submit="Guardar la integración"
        id="integration"
        action={companyPath(code, 'setup', 'integration')}
        refusal={refusal}
        defaults={{
          enabled: integration.enabled ? 'on' : '',
          exoneratedSales: integration.exoneratedSales ? 'on' : '',
          emissionPoint: integration.emissionPoint ?? '',
          creatorUser: integration.creatorUser ?? '',
          priceList: integration.priceList ?? '',
          paymentTerminal: integration.paymentTerminal ?? '',
        }}
      >
        <CheckField name="enabled" label="Integración habilitada" />
        <SelectField name="emissionPoint" label="Punto de emisión de las facturas" options={points} none="Ninguno" />
        <SelectField name="creatorUser" label="Usuario que crea las facturas" options={codeOptions(setup.users)} none="Ninguno" />
        <SelectField name="priceList" label="Lista de precios" options={codeOptions(setup.priceLists)} none="Ninguna" />
        <SelectField name="paymentTerminal" label="Caja" options={codeOptions(setup.paymentTerminals)} none="Ninguna" />
        <CheckField name="exoneratedSales" label="Toda venta de la integración es exonerada" />
      </SetupForm>
    </SetupPanel>
  );
}

/** The code (3 digits) and the name of an establishment or an emission point. */
function NumberingPart({ name, setupPath, what }: { name: string; setupPath: string; what: string }) {
  return (
    <>
      <TextField
        name={name}
        setupField={`${setupPath}.code`}
        label={`Código del ${what} (3 dígitos)`}
        required
        inputMode="numeric"
        maxLength={3}
      />
      <TextField name={`${name}Name`} setupField={`${setupPath}.name`} label={`Nombre del ${what}`} maxLength={255} />
    </>
  );
}

function Establishments({ code, setup, refusal }: { code: string; setup: SetupOverview; refusal?: FormRefusal }) {
  return (
    <SetupPanel id="establecimientos" title="Establecimientos y puntos de emisión">
      <div class="wide">
        <DataTable caption="Puntos de emisión vigentes" columns={['Establecimiento', 'Dirección', 'Punto de emisión', 'Rangos CAI']}>
          {setup.establishments.flatMap((e) =>
            (e.emissionPoints.length > 0 ? e.emissionPoints : [null]).map((p) => (
              <tr key={`${e.code}-${p?.code ?? ''}`}>
                <td>
                  {e.code}
                  {e.name && ` · ${e.name}`}
                </td>
                <td>{e.address ?? '—'}</td>
                <td>{p ? `${p.code}${p.name ? ` · ${p.name}` : ''}` : '—'}</td>
                <td>
                  {p && (
                    <a href={`${companyPath(code, 'cai', 'new')}?point=${e.code}-${p.code}`}>
                      Registrar un rango en {`${e.code}-${p.code}`}
                    </a>
                  )}
                </td>
              </tr>
            )),
          )}
        </DataTable>
      </div>
      <h3>Agregar o cambiar un punto de emisión</h3>
      <p>
        Un establecimiento o punto con un código que ya existe se actualiza con lo escrito aquí; un nombre o dirección vacío queda como
        estaba.
      </p>
      <SetupForm
        submit="Guardar el punto de emisión"
        id="point"
        action={companyPath(code, 'setup', 'emission-point')}
        refusal={refusal}
        defaults={{}}
      >
        <NumberingPart name="establishment" setupPath="establishments[0]" what="establecimiento" />
        <TextField name="address" label="Dirección del establecimiento" maxLength={255} />
        <NumberingPart name="point" setupPath="emissionPoints[0]" what="punto de emisión" />
      </SetupForm>
    </SetupPanel>
  );
}

/**
 * `/companies/{code}/setup` (administrators): the API integration and its defaults, the
 * establishments and emission points. Each form is applied as a setup document naming only what it
 * changes, through `admin apply`'s service (setup-change.ts).
 */
export function registerSetupPages(router: ConsoleRouter, container: Container): void {
  const view = container.get(CompanySetupView);
  const setup = container.get(CompanySetupService);

  const show = async (ctx: ConsoleContext, company: VisibleCompany, refusal?: FormRefusal) => {
    const overview = await view.overview(company);
    renderPage(ctx, {
      title: `Configuración de ${company.code}`,
      status: refusal ? 422 : 200,
      body: (
        <>
          <Crumbs company={company} />
          <h1>Configuración de {company.name}</h1>
          <ul class="links">
            <li>
              <a href={companyPath(company.code, 'products')}>Productos, precios y equivalencias</a>
            </li>
            <li>
              <a href={companyPath(company.code, 'cai', 'new')}>Registrar un rango CAI</a>
            </li>
          </ul>
          <IntegrationForm code={company.code} setup={overview} refusal={refusal} />
          <Establishments code={company.code} setup={overview} refusal={refusal} />
        </>
      ),
    });
  };

  const change = (path: string, form: string, entries: (f: Record<string, string>) => SetupEntries) =>
    postSetupForm(router, setup, { path: `/companies/:code/setup/${path}`, form, back: ['setup'], show }, entries);

  router.get('/companies/:code/setup', async (ctx) => {
    await show(ctx, adminCompanyOf(ctx));
  });

  change('integration', 'integration', (f) => ({
    integration: {
      enabled: checked(f, 'enabled'),
      exoneratedSales: checked(f, 'exoneratedSales'),
      emissionPoint: optionalText(f, 'emissionPoint'),
      creatorUser: optionalText(f, 'creatorUser'),
      priceList: optionalText(f, 'priceList'),
      paymentTerminal: optionalText(f, 'paymentTerminal'),
    },
  }));

  change('emission-point', 'point', (f) => ({
    establishments: [
      {
        code: requiredText(f, 'establishment'),
        // Left empty, a name or address stays as stored.
        name: requiredText(f, 'establishmentName'),
        address: requiredText(f, 'address'),
        emissionPoints: [{ code: requiredText(f, 'point'), name: requiredText(f, 'pointName') }],
      },
    ],
  }));
}
