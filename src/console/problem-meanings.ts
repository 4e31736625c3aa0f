import { setupThing } from './setup-words';
import { capitalized } from './views/format';

/**
 * The problems a refusal lists one by one, in the operator's words: the setup rules' reasons (a
 * setup form refused as SETUP_INVALID, `<path>: <reason>`) and a letterhead template's problems.
 * The services word them in English for the setup file, the CLI and the API; the console matches
 * them by pattern here, in one place, and keeps the English only as small print for support. A
 * reason no pattern knows gets the general sentence, never the English alone.
 */
type Pattern = readonly [RegExp, (...parts: string[]) => string];

const SETUP_REASONS: readonly Pattern[] = [
  [/^is required unless the product is exempt/, () => 'Es obligatoria, salvo que el producto sea exento.'],
  [/^is required when email is true$/, () => 'Es obligatorio cuando el envío por correo está activado.'],
  [/^is required$/, () => 'Es obligatorio.'],
  [/^is required to create a company$/, () => 'Es obligatorio para crear una empresa.'],
  [/^must not be empty$/, () => 'No puede quedar vacío.'],
  [/^must be a non-empty code without surrounding spaces$/, () => 'Debe ser un código, sin espacios al inicio ni al final.'],
  [/^must be at most (\d+) characters$/, (n) => `Debe tener como máximo ${n} caracteres.`],
  [
    /^must be (?:exactly )?(\d+) digits(?: in quotes)?, e\.g\. "([^"]*)"$/,
    (n, e) => `Debe tener exactamente ${n} dígitos, por ejemplo ${e}.`,
  ],
  [/^must be an absolute http/, () => 'Debe ser una dirección http:// o https:// completa, como https://verifica.example.hn (sin ? ni #).'],
  [/^is not an RTN/, () => 'No es un RTN válido: sus 14 dígitos no pueden ser todos iguales.'],
  [/^must be a (?:real calendar )?date YYYY-MM-DD$/, () => 'Debe ser una fecha real (día, mes y año).'],
  [/^must be a number or a decimal string/, () => 'Debe ser un monto, como 1,500.00 o 12.50.'],
  [/^must have at most (\d+) decimals$/, (n) => `Debe tener como máximo ${n} decimales.`],
  [/^must be greater than (\S+)$/, (x) => `Debe ser mayor que ${x}.`],
  [/^must be at least (\S+)$/, (x) => `Debe ser al menos ${x}.`],
  [/^must be at most (\S+)$/, (x) => `Debe ser como máximo ${x}.`],
  [/^must be less than (\S+)$/, (x) => `Debe ser menor que ${x}.`],
  [/^must be a whole number$/, () => 'Debe ser un número entero.'],
  [/^must be true or false$/, () => 'Debe ser sí o no.'],
  [/^must be letters, digits and dashes$/, () => 'Solo admite letras, dígitos y guiones.'],
  [/^must be establishment-emission point codes/, () => 'Debe ser establecimiento y punto de emisión, como 000-001.'],
  [/^must be 2 to 32 of/, () => 'Debe tener de 2 a 32 letras mayúsculas, dígitos, _ o -.'],
  [
    /^must be an e-mail address|^must be a valid e-mail address$/,
    () => 'Debe ser una dirección de correo, sola o tras un nombre: Facturas Acme <facturas@acme.hn>.',
  ],
  [/^must not be below rangeStart \((\d+)\)$/, (n) => `No puede ser menor que el primer número autorizado (${n}).`],
  [
    /^number (\d+) was already issued from this range/,
    (n) => `El número ${n} ya se emitió de este rango: el primer número no puede ser mayor.`,
  ],
  [/^numbers up to (\d+) were already issued/, (n) => `Ya se emitieron números hasta el ${n}: el último número no puede ser menor.`],
  [
    /^numbers (\d+) to (\d+) were already issued from this range as/,
    (a, b) => `Los números ${a} a ${b} ya se emitieron de este rango: su tipo de documento no puede cambiar.`,
  ],
  [/^CAI (\S+) was cancelled on (\d{4}-\d{2}-\d{2})/, (cai, day) => `El CAI ${cai} se canceló el ${day}: su rango no puede cambiar.`],
  [
    /^numbers (\d+-\d+) overlap CAI (\S+) \((\d+-\d+)\) of emission point (\S+)$/,
    (own, cai, theirs, point) => `Los números ${own} se traslapan con el CAI ${cai} (${theirs}) del punto de emisión ${point}.`,
  ],
  [/^CAI (\S+) belongs to another company$/, (cai) => `El CAI ${cai} pertenece a otra empresa.`],
  [/^RTN (\d+) already belongs to client (\S+)$/, (rtn, client) => `El RTN ${rtn} ya pertenece al cliente ${client}.`],
  [/^codes starting with API- are reserved/, () => 'Los códigos que empiezan con API- son de los clientes creados por la API.'],
  [/^needs a certificate or a sagRegistry/, () => 'Necesita la constancia o el registro SAG (al menos uno de los dos).'],
  [/^duplicate (.+) (\S+) \(also at/, (what, key) => `${capitalized(setupThing(what))} ${key} está repetido.`],
  [
    /^(.+) (\S+) is marked deleted in this file$/,
    (what, key) => `${capitalized(setupThing(what))} ${key} se elimina en este mismo cambio.`,
  ],
  [/^(.+) (\S+) was deleted; list it/, (what, key) => `${capitalized(setupThing(what))} ${key} fue eliminado.`],
  [/^unknown key/, () => 'Este dato no corresponde a esta parte de la configuración.'],
  [/^unknown column$/, () => 'La columna no es una de las que la hoja admite.'],
  [/^the column is missing$/, () => 'Falta esta columna.'],
  [/^unknown (.+) (\S+)$/, (what, key) => `La empresa no tiene ${setupThing(what)} ${key}.`],
  [/^must be (?!at |a |an )(.+)$/, (words) => `Debe ser ${words.replace(/ or /g, ' o ')}.`],
  [/^must be a (?:list|string|mapping)|^must not be null$/, () => 'No tiene la forma que la configuración espera.'],
];

const TEMPLATE_PROBLEMS: readonly Pattern[] = [
  [/^missing required field\(s\) (.+)$/, (fields) => `Faltan campos obligatorios: ${fields}.`],
  [
    /^unknown field\(s\) (.+), which print nothing/,
    (fields) => `Campos desconocidos, que no imprimen nada (¿un error de escritura?): ${fields}.`,
  ],
  [/is not an ODT file/, () => 'El archivo no es una plantilla ODT: guárdelo como «Texto ODF (.odt)».'],
  [/is not a readable ODT file/, () => 'El archivo ODT está dañado y no se puede leer.'],
  [/is not an ODT text document/, () => 'El archivo no es un documento de texto ODT.'],
  [/is not a PNG image$/, () => 'El logo no es una imagen PNG.'],
  [/^cannot read /, () => 'No se pudo leer el archivo.'],
  [/^the sample document did not render/, () => 'La muestra no se pudo imprimir con esta plantilla.'],
];

function translate(patterns: readonly Pattern[], text: string, otherwise: string): string {
  for (const [pattern, say] of patterns) {
    const match = pattern.exec(text);
    if (match) return say(...match.slice(1));
  }
  return otherwise;
}

/** A setup rule's reason (the part after `<path>: `) in Spanish. */
export const SETUP_REASON_FALLBACK = 'Este dato no cumple las reglas de la configuración.';
export function setupReasonMeaning(reason: string): string {
  return translate(SETUP_REASONS, reason, SETUP_REASON_FALLBACK);
}

/** A letterhead template's problem, as the template check words it, in Spanish. */
export function templateProblemMeaning(problem: string): string {
  return translate(TEMPLATE_PROBLEMS, problem, 'La plantilla tiene un problema que impide usarla.');
}
