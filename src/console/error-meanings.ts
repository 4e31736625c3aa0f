import type { ErrorCode } from '../domain/error-codes';

/**
 * What a refusal means, in the operator's words (Spanish, Honduras): the main text wherever the
 * console shows a refusal. The service's own message (English, for the API and the CLI) is only
 * the small print for support. A code without a line here falls back on its status.
 */
const MEANINGS: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'Un dato del formulario no es válido.',
  NOT_FOUND: 'La página no existe o no está a su alcance.',
  COMPANY_NOT_FOUND: 'La empresa no existe o no está a su alcance.',
  API_KEY_NOT_FOUND: 'La llave de API no existe en esta empresa.',
  API_KEY_LIMIT_REACHED: 'La empresa ya tiene el máximo de llaves activas: revoque una antes de emitir otra.',
  CSRF_TOKEN_INVALID: 'El formulario caducó o no proviene de esta consola: vuelva a cargar la página e intente de nuevo.',
  SIGN_IN_FAILED: 'El correo y la contraseña no corresponden a un operador habilitado.',
  SIGN_IN_LOCKED: 'Demasiados intentos fallidos con este correo: espere 15 minutos e intente de nuevo.',
  PAYLOAD_TOO_LARGE:
    'El formulario enviado es demasiado grande (una plantilla .odt hasta 5 MB, un logo PNG hasta 1 MB); no se cambió nada.',
  TEMPLATE_BROKEN: 'La plantilla no pasa la revisión; no se publicó nada.',
  PDF_RENDER_FAILED: 'No se pudo imprimir el documento en este momento (LibreOffice); no se cambió nada. Intente de nuevo en unos minutos.',
  LETTERHEAD_NO_PREVIOUS: 'No hay un membrete publicado antes del vigente al cual volver; no se cambió nada.',
  ANNULMENT_PERIOD_CLOSED:
    'El plazo para anular este documento venció (su mes ya se declaró); no se cambió nada. Una venta se revierte con una nota de crédito.',
  INVALID_RTN_FORMAT: 'El RTN debe tener exactamente 14 dígitos, no todos iguales.',
  UQ_CLIENT_CODE_COMPANY: 'Otro cliente de la empresa ya tiene ese RTN.',
  DELIVERY_NOT_CONFIGURED:
    'No hay a dónde ni desde dónde enviar el correo: la empresa no tiene remitente (delivery.from) o el documento no tiene cliente; escriba una dirección. No se envió nada.',
  DOCUMENT_ANNULLED: 'El documento está anulado: un documento anulado no se envía. No se envió nada.',
  CAI_ALREADY_CANCELLED: 'Ese CAI ya estaba cancelado; una cancelación no se deshace y no se cambió nada.',
  SETUP_INVALID:
    'La configuración no cumple sus reglas (las mismas de un archivo de configuración); no se cambió nada. Cada problema se lista abajo y, si es de un campo, también junto a él.',
  SETUP_CONFLICT:
    'Otro cambio de la configuración ocurrió al mismo tiempo; no se cambió nada. Vuelva a cargar la página e intente de nuevo.',
  NOTE_LIMIT_EXCEEDED: 'La nota acredita más de lo que queda de la factura; no se emitió nada.',
  NOTE_NOTHING_TO_CREDIT: 'A la factura ya no le queda nada por acreditar; no se emitió nada.',
  INVOICE_ANNULLED: 'La factura está anulada: no admite notas ni otra anulación; no se cambió nada.',
  INVOICE_HAS_NOTES: 'La factura tiene notas vigentes: anule primero sus notas; no se cambió nada.',
  EMISSION_POINT_NOT_FOUND: 'La empresa no tiene ese punto de emisión; no se emitió nada.',
  CAI_NOT_FOUND: 'La empresa no tiene rangos vigentes con ese CAI; no se cambió nada.',
  CAI_RANGE_EXHAUSTED: 'El rango CAI de este documento se agotó: registre un rango nuevo antes de emitir; no se emitió nada.',
  CAI_EXPIRED: 'La fecha límite del CAI de este documento pasó: registre un rango nuevo antes de emitir; no se emitió nada.',
  CLIENT_NOT_FOUND: 'El cliente no existe en esta empresa.',
  NOTE_NOT_FOUND: 'La nota no existe en esta empresa.',
  EXTERNAL_INVOICE_NOT_FOUND: 'La factura no existe en esta empresa.',
  IDEMPOTENCY_KEY_REQUEST_MISMATCH: 'Este formulario ya se usó para otro documento: vuelva a cargar la página e intente de nuevo.',
  SERVICE_UNAVAILABLE: 'La base de datos no está disponible en este momento; no se cambió nada. Intente de nuevo en unos segundos.',
  OPERATOR_NOT_FOUND: 'El operador no existe.',
  OPERATOR_EMAIL_TAKEN: 'Otro operador ya usa ese correo electrónico; no se cambió nada.',
  PRODUCT_NOT_FOUND: 'El producto no existe en esta empresa; no se cambió nada.',
  PRICE_NOT_FOUND: 'El producto no tiene precio en la lista de precios de la empresa; no se emitió nada.',
  INVALID_TAX_RATE: 'La tasa de ISV no es una de las que la empresa admite; no se emitió nada.',
  INVALID_NUMBER: 'Un número del formulario no es válido; no se cambió nada.',
  INVALID_REQUEST: 'La solicitud no es válida; no se cambió nada.',
  FILE_NOT_ACCESSIBLE: 'El archivo no se puede leer; no se cambió nada.',
  AUDIT_DISCREPANCIES: 'La revisión encontró diferencias entre los documentos y sus registros; avise al administrador.',
  METHOD_NOT_ALLOWED: 'Esa dirección no admite esta operación; no se cambió nada.',
  REQUEST_TIMEOUT: 'La operación tardó demasiado y se detuvo; no se cambió nada. Intente de nuevo.',
  REQUEST_HEADER_FIELDS_TOO_LARGE:
    'El navegador envió encabezados demasiado grandes (cookies); borre las cookies de este sitio e intente de nuevo.',
  RATE_LIMITED: 'Demasiadas solicitudes seguidas; espere un momento e intente de nuevo.',
  INTERNAL_ERROR: 'Ocurrió un error inesperado; no se cambió nada. Si se repite, avise al administrador.',
};

const BY_STATUS: Record<number, string> = {
  400: 'Un dato del formulario no es válido.',
  404: 'Lo que busca no existe o no está a su alcance.',
  409: 'La operación choca con el estado actual de los datos; no se cambió nada.',
  422: 'Los datos no cumplen las reglas; no se cambió nada.',
};

/**
 * A refusal's detail in Spanish, for the messages whose figures help the operator fix the form: what
 * is left to credit of a line, a rate, the exempt or exonerated amount, or the total. Null for the rest.
 */
export function refusalDetail(code: ErrorCode, message: string): string | null {
  if (code !== 'NOTE_LIMIT_EXCEEDED') return null;
  const match = /^(line (\d+)|rate ([\d.]+ ?%?)|exempt|exonerated|total): (\S+) left$/.exec(message);
  if (!match) return null;
  const [, what, line, rate, left] = match;
  if (line !== undefined) return `Línea ${line}: quedan ${left} por devolver.`;
  const of =
    rate !== undefined
      ? `de la tasa ${rate}`
      : { exempt: 'del importe exento', exonerated: 'del importe exonerado', total: 'del total' }[what];
  return `Queda L ${left} ${of} por acreditar.`;
}

export function errorMeaning(code: ErrorCode, status: number): string {
  return MEANINGS[code] ?? BY_STATUS[status] ?? 'La operación no se pudo completar.';
}
