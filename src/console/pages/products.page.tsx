import type { Container } from 'inversify';
import { OperatorAccess, type VisibleCompany } from '../../services/access';
import { CompanySetupService, CompanySetupView, PRODUCTS_SHOWN, type NamedView, type ProductView } from '../../services/company';
import { companyPath } from '../company-paths';
import type { ConsoleContext, ConsoleRouter } from '../console-state';
import { companyOf, requireAdmin } from '../page-tools';
import { renderPage } from '../render';
import { amountField, checked, postSetupForm, requiredText, type FormRefusal, type SetupEntries } from '../setup-change';
import { Crumbs } from '../views/crumbs';
import { DataTable } from '../views/data-table';
import { formatLempiras } from '../views/format';
import { CheckField, SelectField, SetupForm, TextField } from '../views/setup-form';

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

function ProductForm({ code, editing, refusal }: CatalogForms) {
  return (
    <section class="panel" aria-labelledby="producto">
      <h2 id="producto">{editing ? `Cambiar el producto ${editing.code}` : 'Agregar o cambiar un producto'}</h2>
      <p>Un código que ya existe cambia ese producto. El ISV es la tasa en por ciento (15, 18); un producto exento no la necesita.</p>
      <SetupForm id="product" action={companyPath(code, 'products')} refusal={refusal} defaults={productDefaults(editing)}>
        <TextField name="code" label="Código" required maxLength={64} />
        <TextField name="name" label="Nombre" required maxLength={255} />
        <TextField name="isvRate" label="Tasa de ISV (%)" inputMode="decimal" />
        <CheckField name="exempt" label="Exento (toda la línea)" />
        <TextField name="exemptPerUnit" label="Parte exenta de cada unidad (L), si es parcialmente gravado" inputMode="decimal" />
        <button class="primary" type="submit">
          Guardar el producto
        </button>
      </SetupForm>
    </section>
  );
}

function PriceForms({ code, lists, editing, refusal }: CatalogForms) {
  const listOptions = lists.map((l) => ({ value: l.code, label: l.name ? `${l.code} · ${l.name}` : l.code }));
  return (
    <section class="panel" aria-labelledby="precios">
      <h2 id="precios">Listas de precios y precios</h2>
      <p>Listas: {lists.map((l) => l.code).join(', ') || 'ninguna'}.</p>
      <h3>Precio de un producto en una lista</h3>
      <SetupForm
        id="price"
        action={companyPath(code, 'prices')}
        refusal={refusal}
        defaults={{ product: editing?.code ?? '', currency: 'HNL' }}
      >
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
        <button class="primary" type="submit">
          Guardar el precio
        </button>
      </SetupForm>
      <h3>Agregar o renombrar una lista</h3>
      <SetupForm id="list" action={companyPath(code, 'price-lists')} refusal={refusal} defaults={{}}>
        <TextField name="code" label="Código de la lista" required maxLength={64} />
        <TextField name="name" label="Nombre de la lista" maxLength={255} />
        <button class="primary" type="submit">
          Guardar la lista
        </button>
      </SetupForm>
    </section>
  );
}

function MappingForm({ code, editing, refusal }: CatalogForms) {
  return (
    <section class="panel" aria-labelledby="equivalencias">
      <h2 id="equivalencias">Equivalencias de productos</h2>
      <p>El código con que el sistema que factura por la API nombra un producto del catálogo.</p>
      <SetupForm id="mapping" action={companyPath(code, 'mappings')} refusal={refusal} defaults={{ product: editing?.code ?? '' }}>
        <TextField name="externalProductId" label="Código en el sistema que llama a la API" required maxLength={255} />
        <TextField name="product" label="Código del producto del catálogo" required maxLength={64} />
        <CheckField name="remove" setupField="deleted" label="Quitar esta equivalencia" />
        <button class="primary" type="submit">
          Guardar la equivalencia
        </button>
      </SetupForm>
    </section>
  );
}

/**
 * `/companies/{code}/products` (administrators): the catalog one entry at a time (products and
 * their rates, price lists and prices, the API's product mappings), each form applied as a setup
 * document naming only that entry through `admin apply`'s service. `?q=` searches codes and names,
 * `?product=CODE` fills the forms with that product.
 */
export function registerProductsPages(router: ConsoleRouter, container: Container): void {
  const access = container.get(OperatorAccess);
  const view = container.get(CompanySetupView);
  const setup = container.get(CompanySetupService);

  const show = async (ctx: ConsoleContext, company: VisibleCompany, refusal?: FormRefusal) => {
    const search = typeof ctx.query.q === 'string' ? ctx.query.q.trim() : '';
    const wanted = typeof ctx.query.product === 'string' ? ctx.query.product : '';
    const products = await view.products(company, search);
    const editing = wanted ? (await view.products(company, wanted)).find((p) => p.code === wanted) : undefined;
    const forms: CatalogForms = { code: company.code, lists: (await view.overview(company)).priceLists, editing, refusal };
    renderPage(ctx, {
      title: `Productos de ${company.code}`,
      status: refusal ? 422 : 200,
      body: (
        <>
          <Crumbs company={company} trail={[{ href: companyPath(company.code, 'setup'), label: 'Configuración' }]} />
          <h1>Productos, precios y equivalencias</h1>
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
    postSetupForm(router, { access, setup }, { path: `/companies/:code/${path}`, form, back: ['products'], show }, entries);

  router.get('/companies/:code/products', async (ctx) => {
    requireAdmin(ctx);
    await show(ctx, await companyOf(ctx, access));
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
