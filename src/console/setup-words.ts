/**
 * The setup file's words in the operator's: what an entry is (`product`, `emission point`) and
 * what a section holds (`paymentTerminals`). The setup service names them as the file does, for
 * the file, the CLI and the trail's stored details; the console shows them in Spanish from here.
 */

/** An entry's kind, as the setup service names it, with its Spanish article. */
const THINGS: Readonly<Record<string, string>> = {
  company: 'la empresa',
  establishment: 'el establecimiento',
  'emission point': 'el punto de emisión',
  CAI: 'el CAI',
  user: 'el usuario',
  'payment terminal': 'la terminal de pago',
  'discount policy': 'la política de descuento',
  product: 'el producto',
  'price list': 'la lista de precios',
  'price for product': 'el precio del producto',
  price: 'el precio de',
  mapping: 'el mapeo',
  client: 'el cliente',
  integration: 'la integración',
  delivery: 'el envío por correo',
  code: 'el código',
};

/** A kind of entry in Spanish, with its article (`el producto`); an unknown one as it is. */
export function setupThing(label: string): string {
  return THINGS[label] ?? label;
}

/** A section of the setup file in Spanish (`terminales de pago`); an unknown one as it is. */
export const SETUP_SECTIONS: Readonly<Record<string, string>> = {
  company: 'empresa',
  users: 'usuarios',
  paymentTerminals: 'terminales de pago',
  discountPolicies: 'políticas de descuento',
  products: 'productos',
  establishments: 'establecimientos',
  emissionPoints: 'puntos de emisión',
  caiRanges: 'rangos CAI',
  priceLists: 'listas de precios',
  prices: 'precios',
  productMappings: 'mapeos de productos',
  clients: 'clientes',
  integration: 'integración',
  delivery: 'envío por correo',
};

const VERBS: Readonly<Record<string, string>> = { create: 'alta de', update: 'cambio de', delete: 'baja de' };
/** Longest first, so that `price list` is read before `price`. */
const LABELS = Object.keys(THINGS).sort((a, b) => b.length - a.length);

/**
 * A change an apply made, as the trail stores it (`create price P-ARROZ in GENERAL`, `update CAI
 * … at 000-001`), in Spanish: `alta del precio de P-ARROZ en GENERAL`. A line of another form
 * is shown as it is.
 */
export function setupChangeWords(line: string): string {
  const match = /^(create|update|delete) (.+)$/.exec(line);
  if (!match) return line;
  const [, verb, rest] = match;
  const label = LABELS.find((l) => rest === l || rest.startsWith(`${l} `));
  if (label === undefined) return line;
  const key = rest
    .slice(label.length)
    .replace(/ (at|in) /, ' en ')
    .trimStart();
  return [`${VERBS[verb]} ${THINGS[label]}`.replace(/\bde el\b/, 'del'), key].filter(Boolean).join(' ');
}
