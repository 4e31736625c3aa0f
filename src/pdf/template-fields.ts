import { byDocumentType, type DocumentType } from '../domain/document-type';
import { buildTemplateData } from './template-data';
import { partText, type OdtPackage } from './odt-package';
import { sampleDocument } from './sample-document';
import { hasPicturePlaceholder } from './template-picture';
import { QR_MARKER } from './verification-qr';

/**
 * Fields every template must print for its document to stay legal (Acuerdo 481-2017 Art. 10-11)
 * and honest (the SIN VALIDEZ FISCAL / ANULADA marking). templates/README.md explains each one.
 * The issuer's name, address, phone and e-mail are not among them: a letterhead may print
 * them as fixed text or artwork.
 */
const COMMON_REQUIRED_FIELDS = [
  'd.issuer.rtn',
  'd.fiscalNumber',
  'd.cai',
  'd.rangeFrom',
  'd.rangeTo',
  'd.deadline',
  'd.date',
  'd.time',
  'd.client.name',
  'd.client.rtn',
  // The exonerated buyer's three references are labelled on every invoice (Art. 10 num. 8), empty when not exonerated.
  'd.exemptPurchaseOrderNumber',
  'd.exonerationCertificate',
  'd.sagRegistry',
  'd.lines[i].code',
  'd.lines[i].description',
  'd.lines[i].quantity',
  'd.lines[i].unitPrice',
  'd.lines[i].discount',
  'd.lines[i].amount',
  'd.totals.importe',
  'd.totals.discount',
  'd.totals.exonerated',
  'd.totals.exempt',
  'd.totals.taxed15',
  'd.totals.taxed18',
  'd.totals.isv15',
  'd.totals.isv18',
  'd.totals.total',
  'd.totalInLetters',
  'd.copyLegend',
  'd.marking',
  // Where the buyer verifies the document, printed beside its QR code (the {qr} picture below).
  'd.verificationUrl',
] as const;

/**
 * Placeholder pictures every template must have (alternative-text title, template-picture.ts): the
 * verification QR code. The logo's is optional: a letterhead may print its logo as artwork.
 */
const REQUIRED_PICTURES = [QR_MARKER] as const;

/** Every path of `value` as a template writes it: `d.issuer.name`, `d.lines[i].code`. */
function fieldPaths(value: unknown, prefix: string): string[] {
  if (Array.isArray(value)) return value.length === 0 ? [] : fieldPaths(value[0], `${prefix}[i]`);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) => fieldPaths(child, `${prefix}.${key}`));
  }
  return [prefix];
}

/** A document type's template: the fields it must print, and every field its data offers. */
export interface TemplateFieldRules {
  required: readonly string[];
  known: ReadonlySet<string>;
}

/** A type's own required fields, beyond the common ones: where a new document type adds what the law asks of it. */
const NOTE_REQUIRED_FIELDS = ['d.note.reason', 'd.note.invoiceNumber', 'd.note.invoiceCai', 'd.note.invoiceDate'] as const;
const REQUIRED_BY_TYPE: Readonly<Record<DocumentType, readonly string[]>> = {
  invoice: ['d.purchaseOrderNumber', 'd.exchangeRate'],
  // A note names the document it modifies (its CAI, number and date) and why (Motivo).
  creditNote: NOTE_REQUIRED_FIELDS,
  debitNote: NOTE_REQUIRED_FIELDS,
};

/** Per document type (README lists the fields with their meaning); the known ones come from its sample document. */
export const TEMPLATE_FIELDS: Readonly<Record<DocumentType, TemplateFieldRules>> = byDocumentType((type) => ({
  required: [...COMMON_REQUIRED_FIELDS, ...REQUIRED_BY_TYPE[type]],
  known: new Set(fieldPaths(buildTemplateData(sampleDocument(type)), 'd')),
}));

/**
 * The `d.` fields the template uses, read from content.xml and styles.xml (header and footer).
 * LibreOffice may split a marker with formatting tags when it is edited, and carbone ignores
 * those tags, so they are removed first; formatters (`:ifEM`) and loop indexes (`[i+1]`) are
 * dropped so that each use reads as the field it prints.
 */
export function templateFields(pkg: OdtPackage): Set<string> {
  const fields = new Set<string>();
  for (const name of ['content.xml', 'styles.xml']) {
    const text = (partText(pkg, name) ?? '').replace(/<[^>]*>/g, '');
    for (const [, marker] of text.matchAll(/\{([^{}]+)\}/g)) {
      const field = marker
        .split(':')[0]
        .replace(/\s+/g, '')
        .replace(/\[[^\]]*\]/g, '[i]');
      if (field.startsWith('d.')) fields.add(field);
    }
  }
  return fields;
}

/**
 * What is wrong with the fields of a template of a type: required fields and placeholder pictures
 * it lacks, and names no data has.
 */
export function fieldProblems(pkg: OdtPackage, documentType: DocumentType): string[] {
  const { required, known } = TEMPLATE_FIELDS[documentType];
  const used = templateFields(pkg);
  const braces = (fields: readonly string[]) => fields.map((field) => `{${field}}`);
  const missing = [
    ...braces(required.filter((field) => !used.has(field))),
    ...REQUIRED_PICTURES.filter((marker) => !hasPicturePlaceholder(pkg, marker)),
  ];
  const unknown = [...used].filter((field) => !known.has(field));
  return [
    ...(missing.length > 0 ? [`missing required field(s) ${missing.join(', ')}`] : []),
    ...(unknown.length > 0 ? [`unknown field(s) ${braces(unknown).join(', ')}, which print nothing (a typo?)`] : []),
  ];
}
