import type { Container } from 'inversify';
import { type VisibleCompany } from '../../services/access';
import {
  CatalogView,
  CompanySetupService,
  CompanySetupView,
  PRODUCTS_SHOWN,
  type NamedView,
  type ProductView,
} from '../../services/company';
import { companyPath } from '../company-paths';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { adminCompanyOf } from '../page-tools';
import { renderPage } from '../render';
import { amountField, checked, postSetupForm, requiredText, type FormRefusal, type SetupEntries } from '../setup-change';
import { Crumbs } from '../views/crumbs';
import { DataTable } from '../views/data-table';
import { formatLempiras } from '../views/format';
import { CheckField, SelectField, SetupForm, SetupPanel, TextField } from '../views/setup-form';

function priceText({ price, currency }: { price: string; currency: string }): string {
  return currency === 'HNL' ? formatLempiras(price) : `USD ${price}`;
}

function ProductTable({ code, products, search }: { code: string; products: ProductView[]; search: string }) {
  if (products.length === 0) return <p>{search ? 'Ningún producto coincide con la búsqueda.' : 'La empresa no tiene productos.'}</p>;
  return (
    <div class="wide">
      <DataTable
        caption={`Productos por código (hasta ${PRODUCTS_SHOWN})`}
        columns={['Código', 'Nombre', 'ISV', 'Exento por unidad', 'Precios', 'Equivalencias', 'Cambiar']}
      >
        {products.map((p) => (
          <tr key={p.code}>
            <td>
              <code>{p.code}</code>
            </td>
            <td>{p.name}</td>
            <td class="nowrap">{p.exempt ? 'exento' : p.isvRate === null ? '—' : `${p.isvRate} %`}</td>
            <td class="nowrap">{p.exemptPerUnit === null ? '—' : formatLempiras(p.exemptPerUnit)}</td>
            <td>
              {Object.entries(p.prices)
                .map(([list, price]) => `${list}: ${priceText(price)}`)
                .join(' · ') || '—'}
            </td>
            <td>{p.externalIds.join(', ') || '—'}</td>
            <td>
              <a href={`${companyPath(code, 'products')}?product=${encodeURIComponent(p.code)}#producto`}>Cambiar {p.code}</a>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function productDefaults(product: ProductView | undefined): Record<string, string> {
  if (!product) return {};
  return {
    code: product.code,
    name: product.name,
    isvRate: product.isvRate ?? '',
    exempt: product.exempt ? 'on' : '',
    exemptPerUnit: product.exemptPerUnit ?? '',
  };
}

interface CatalogForms {
  code: string;
  lists: NamedView[];
  editing: ProductView | undefined;
  refusal: FormRefusal | undefined;
}

/** A catalog form's own props: its id, where it posts (under the company), its button, what it starts from. */
function formOf({ code, refusal }: CatalogForms, id: string, path: string, submit: string, defaults: Record<string, string>) {
  return { id, action: companyPath(code, path), submit, refusal, defaults };
}

function ProductForm(forms: CatalogForms) {
  const { editing } = forms;
  return (
    <SetupPanel
      id="producto"
      title={editing ? `Cambiar el producto ${editing.code}` : 'Agregar o cambiar un producto'}
      intro="Un código que ya existe cambia ese producto. El ISV es la tasa en por ciento (15, 18); un producto exento no la necesita."
    >
      <SetupForm {...formOf(forms, 'product', 'products', 'Guardar el producto', productDefaults(editing))}>
        <TextField name="code" label="Código" required maxLength={64} />
        <TextField name="name" label="Nombre" required maxLength={255} />
        <TextField name="isvRate" label="Tasa de ISV (%)" inputMode="decimal" />
        <CheckField name="exempt" label="Exento (toda la línea)" />
        <TextField name="exemptPerUnit" label="Parte exenta de cada unidad (L), si es parcialmente gravado" inputMode="decimal" />
      </SetupForm>
    </SetupPanel>
  );
}

function PriceForms(forms: CatalogForms) {
  const { lists, editing } = forms;
  const listOptions = lists.map((l) => ({ value: l.code, label: l.name ? `${l.code} · ${l.name}` : l.code }));
  return (
    <SetupPanel id="precios" title="Listas de precios y precios" intro={`Listas: ${lists.map((l) => l.code).join(', ') || 'ninguna'}.`}>
      <h3>Precio de un producto en una lista</h3>
      <SetupForm {...formOf(forms, 'price', 'prices', 'Guardar el precio', { product: editing?.code ?? '', currency: 'HNL' })}>
        <SelectField name="priceList" setupField="priceLists[0].code" label="Lista de precios" options={listOptions} none="Elija una" />
        <TextField name="product" label="Código del producto" required maxLength={64} />
        <TextField name="price" label="Precio (por ejemplo 1,500.00)" required inputMode="decimal" />
        <SelectField
          name="currency"
          label="Moneda"
          options={[
            { value: 'HNL', label: 'Lempiras (HNL)' },
            { value: 'USD', label: 'Dólares (USD)' },
          ]}
        />
      </SetupForm>
      <h3>Agregar o renombrar una lista</h3>
      <SetupForm {...formOf(forms, 'list', 'price-lists', 'Guardar la lista', {})}>
        <TextField name="code" label="Código de la lista" required maxLength={64} />
        <TextField name="name" label="Nombre de la lista" maxLength={255} />
      </SetupForm>
    </SetupPanel>
  );
}

function MappingForm(forms: CatalogForms) {
  return (
    <SetupPanel
      id="equivalencias"
      title="Equivalencias de productos"
      intro="El código con que el sistema que factura por la API nombra un producto del catálogo."
    >
      <SetupForm {...formOf(forms, 'mapping', 'mappings', 'Guardar la equivalencia', { product: forms.editing?.code ?? '' })}>
        <TextField name="externalProductId" label="Código en el sistema que llama a la API" required maxLength={255} />
        <TextField name="product" label="Código del producto del catálogo" required maxLength={64} />
        <CheckField name="remove" setupField="deleted" label="Quitar esta equivalencia" />
      </SetupForm>
    </SetupPanel>
  );
}

/**
 * `/companies/{code}/products` (administrators): the catalog one entry at a time (products and
 * their rates, price lists and prices, the API's product mappings), each form applied as a setup
 * document naming only that entry through `admin apply`'s service. `?q=` searches codes and names,
 * `?product=CODE` fills the forms with that product.
 */
export function registerProductsPages(router: ConsoleRouter, container: Container): void {
  const view = container.get(CompanySetupView);
  const catalog = container.get(CatalogView);
  const setup = container.get(CompanySetupService);

  const show = async (ctx: ConsoleContext, company: VisibleCompany, refusal?: FormRefusal) => {
    const search = typeof ctx.query.q === 'string' ? ctx.query.q.trim() : '';
    const wanted = typeof ctx.query.product === 'string' ? ctx.query.product : '';
    const products = await catalog.products(company, search);
    const editing = wanted ? (await catalog.products(company, wanted)).find((p) => p.code === wanted) : undefined;
    const forms: CatalogForms = { code: company.code, lists: (await view.overview(company)).priceLists, editing, refusal };
    renderPage(ctx, {
      title: `Productos de ${company.code}`,
      status: refusal ? 422 : 200,
      body: (
        <>
          <Crumbs company={company} trail={[{ href: companyPath(company.code, 'setup'), label: 'Configuración' }]} />
          <h1>Productos, precios y equivalencias</h1>
          <p>
            Para cambiar muchos a la vez: <a href={companyPath(company.code, 'catalog')}>el catálogo en hoja de cálculo</a>.
          </p>
          <form class="search" method="get" action={companyPath(company.code, 'products')} role="search">
            <div>
              <label for="q">Código o nombre</label>
              <input id="q" name="q" value={search} maxLength={64} />
            </div>
            <button type="submit">Buscar</button>
          </form>
          <ProductTable code={company.code} products={products} search={search} />
          <ProductForm {...forms} />
          <PriceForms {...forms} />
          <MappingForm {...forms} />
        </>
      ),
    });
  };

  const change = (path: string, form: string, entries: (f: Record<string, string>) => SetupEntries) =>
    postSetupForm(router, setup, { path: `/companies/:code/${path}`, form, back: ['products'], show }, entries);

  router.get('/companies/:code/products', async (ctx) => {
    await show(ctx, adminCompanyOf(ctx));
  });

  change('products', 'product', (f) => ({
    products: [
      {
        code: requiredText(f, 'code'),
        name: requiredText(f, 'name'),
        isvRate: amountField(f, 'isvRate'),
        exempt: checked(f, 'exempt'),
        exemptPerUnit: amountField(f, 'exemptPerUnit'),
      },
    ],
  }));

  change('price-lists', 'list', (f) => ({ priceLists: [{ code: requiredText(f, 'code'), name: requiredText(f, 'name') }] }));

  change('prices', 'price', (f) => ({
    priceLists: [
      {
        code: requiredText(f, 'priceList'),
        prices: [
          { product: requiredText(f, 'product'), price: amountField(f, 'price') ?? undefined, currency: requiredText(f, 'currency') },
        ],
      },
    ],
  }));

  change('mappings', 'mapping', (f) => ({
    productMappings: [
      {
        externalProductId: requiredText(f, 'externalProductId'),
        product: requiredText(f, 'product'),
        ...(checked(f, 'remove') ? { deleted: true } : {}),
      },
    ],
  }));
}
