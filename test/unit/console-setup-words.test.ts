import { setupChangeWords, setupThing } from '../../src/console/setup-words';

describe("the setup file's words in the console", () => {
  it.each([
    ['create company ACME', 'alta de la empresa ACME'],
    ['create user integracion', 'alta del usuario integracion'],
    ['update payment terminal CAJA1', 'cambio de la terminal de pago CAJA1'],
    ['delete discount policy PROMO10', 'baja de la política de descuento PROMO10'],
    ['create product P-ARROZ', 'alta del producto P-ARROZ'],
    ['create price list GENERAL', 'alta de la lista de precios GENERAL'],
    ['create price P-ARROZ in GENERAL', 'alta del precio de P-ARROZ en GENERAL'],
    ['create mapping SKU-ARROZ -> P-ARROZ', 'alta del mapeo SKU-ARROZ -> P-ARROZ'],
    ['create establishment 000', 'alta del establecimiento 000'],
    ['update emission point 000-001', 'cambio del punto de emisión 000-001'],
    ['create CAI AAAAAA-BFDF35-AAAAAA-222222-AAAAAA-33 at 000-001', 'alta del CAI AAAAAA-BFDF35-AAAAAA-222222-AAAAAA-33 en 000-001'],
    ['create client CLI-1', 'alta del cliente CLI-1'],
    ['update integration', 'cambio de la integración'],
    ['update delivery', 'cambio del envío por correo'],
  ])('%s -> %s', (line, words) => {
    expect(setupChangeWords(line)).toBe(words);
  });

  it('shows a line of another form, or of an unknown kind, as it is', () => {
    expect(setupChangeWords('renamed everything')).toBe('renamed everything');
    expect(setupChangeWords('create widget W1')).toBe('create widget W1');
  });

  it('names a kind with its article, and an unknown kind as it is', () => {
    expect(setupThing('price list')).toBe('la lista de precios');
    expect(setupThing('widget')).toBe('widget');
  });
});
