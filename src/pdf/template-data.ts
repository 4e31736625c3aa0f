import Big from 'big.js';
import { dayMonthYear, hondurasDate, hondurasTime } from '../domain/calendar-date';
import { DOCUMENT_TYPE_INFO, type DocumentType } from '../domain/document-type';
import { CAI_LAYOUT, maskCai } from '../domain/fiscal-number';
import type { DecimalInput } from '../domain/money';
import { formatDecimal, formatLempiras } from './format';
import { ANNULLED, buyerName } from '../domain/document-words';
import { unknownDocumentType } from '../domain/document-type';

/**
 * What a fiscal document or its preview prints: the print model the services hand to the PDF
 * layer, already computed by the domain (totals engine, amount in words, fiscal number). Amounts
 * are decimal strings (or numbers) in lempiras. `buildTemplateData` formats it for the template
 * of its document type. One member per document type: what every type prints (PrintedCommon)
 * and its type's slice (PrintedSlices), told apart by `documentType`.
 */
export type PrintedDocument = { [K in DocumentType]: PrintedCommon & { documentType: K } & PrintedSlices[K] }[DocumentType];

/** The print model of one document type. */
export type PrintedOf<K extends DocumentType> = Extract<PrintedDocument, { documentType: K }>;

/** What each document type prints beyond the common part: a new type adds its slice here (the compiler asks for it). */
export interface PrintedSlices {
  invoice: PrintedInvoiceSlice;
  creditNote: PrintedNoteSlice;
  debitNote: PrintedNoteSlice;
}

export interface PrintedInvoiceSlice {
  purchaseOrderNumber?: string | null;
  /** Lempiras per US dollar, when a line was priced in USD. */
  exchangeRate?: DecimalInput | null;
}

export interface PrintedNoteSlice {
  /** Motivo. */
  reason: string;
  /** "Documento que modifica": the invoice's CAI, printed number and instant. */
  modifies: { cai: string; fiscalNumber: string; issuedAt: Date };
}

/** What every fiscal document prints. */
export interface PrintedCommon {
  /** A preview has no number and no fiscal validity; an issued document has both. */
  preview: boolean;
  annulled?: boolean;
  issuer: {
    name: string;
    tradeName?: string | null;
    rtn: string;
    address: string;
    phone?: string | null;
    email?: string | null;
    /** The establishment that issues (Art. 10 asks for its address besides the head office's). */
    establishment?: { code: string; name?: string | null; address?: string | null } | null;
  };
  /** Printed number EEE-PPP-TT-NNNNNNNN; required when issued, ignored for a preview. */
  fiscalNumber?: string | null;
  /** Required when issued; a preview never prints it, even when given. */
  cai?: string | null;
  /** First and last printed numbers of the CAI range; required when issued. */
  range?: { from: string; to: string } | null;
  /** Fecha límite de emisión as a Honduras calendar date, YYYY-MM-DD; required when issued. */
  deadline?: string | null;
  /**
   * Where a buyer verifies the document (PUBLIC_BASE_URL/verify/{token}), printed and encoded in its
   * QR code; required when issued, never printed on a preview.
   */
  verificationUrl?: string | null;
  /** The document's instant; printed in Honduras time. */
  issuedAt: Date;
  /** null or absent: CONSUMIDOR FINAL. */
  client?: { name: string; rtn?: string | null } | null;
  lines: Array<{
    code: string;
    description: string;
    quantity: DecimalInput;
    unitPrice: DecimalInput;
    discount: DecimalInput;
    /** The line's importe (quantity x unit price, before discount). */
    amount: DecimalInput;
  }>;
  totals: {
    importe: DecimalInput;
    discount: DecimalInput;
    exonerated: DecimalInput;
    exempt: DecimalInput;
    /** The totals engine's taxBreakdown (rates as percentages, e.g. "15"). */
    taxBreakdown: Array<{ rate: DecimalInput; taxedAmount: DecimalInput; taxAmount: DecimalInput }>;
    total: DecimalInput;
  };
  /** Already in words, e.g. "MIL CIENTO CINCUENTA LEMPIRAS CON 50/100". */
  totalInLetters: string;
  /** The exonerated buyer's references (Acuerdo 481-2017 Art. 10 num. 8); absent or null when not exonerated. */
  exoneration?: {
    /** No. correlativo de la Orden de Compra Exenta, sent with the sale. */
    exemptPurchaseOrderNumber?: string | null;
    /** No. correlativo de la Constancia del Registro de Exonerados, the client's certificate. */
    certificate?: string | null;
    /** No. identificativo del Registro de la SAG, the client's registry number. */
    sagRegistry?: string | null;
  } | null;
}

/** Exactly what Carbone receives as the ODT template's `d` object: strings only, formatted for print. */
export interface TemplateData {
  marking: string;
  issuer: { name: string; tradeName: string; rtn: string; address: string; phone: string; email: string; establishment: string };
  title: string;
  fiscalNumber: string;
  cai: string;
  rangeFrom: string;
  rangeTo: string;
  deadline: string;
  date: string;
  time: string;
  client: { name: string; rtn: string };
  purchaseOrderNumber: string;
  /** The three exonerated-buyer references, always labelled on the invoice; empty when not exonerated. */
  exemptPurchaseOrderNumber: string;
  exonerationCertificate: string;
  sagRegistry: string;
  lines: Array<{
    code: string;
    description: string;
    quantity: string;
    unitPrice: string;
    discount: string;
    amount: string;
  }>;
  totals: {
    importe: string;
    discount: string;
    exonerated: string;
    exempt: string;
    taxed15: string;
    taxed18: string;
    isv15: string;
    isv18: string;
    /** Rows for any rate other than 15 and 18 (the law changes); usually empty. */
    otherTaxes: Array<{ label: string; amount: string }>;
    total: string;
  };
  totalInLetters: string;
  /** "L 24.6512" (lempiras per US dollar) when a line was priced in USD, else empty. */
  exchangeRate: string;
  copyLegend: string;
  /**
   * The address of the document's verification page, printed small beside its QR code (which
   * encodes the same address); on a preview a text saying it has none.
   */
  verificationUrl: string;
  /** What a credit or debit note prints of the invoice it modifies, and why; empty on an invoice. */
  note: { reason: string; invoiceNumber: string; invoiceCai: string; invoiceDate: string };
}

export const PREVIEW_MARKING = 'SIN VALIDEZ FISCAL';
export const PREVIEW_NUMBER = 'SIN NÚMERO — VISTA PREVIA';
export const PREVIEW_VERIFICATION = 'SIN CÓDIGO DE VERIFICACIÓN — VISTA PREVIA';
export const COPY_LEGEND = 'Original: Cliente / Copia: Obligado tributario emisor';
/** A credit or debit note's distribution of copies. */
export const NOTE_COPY_LEGEND = 'Original: Cliente / Copia: Obligado Tributario';

/** The number layout of a range with the document type's code kept: the same on every document of the type. */
function maskedNumber(documentType: DocumentType): string {
  return `XXX-XXX-${DOCUMENT_TYPE_INFO[documentType].code}-XXXXXXXX`;
}

function text(value: string | null | undefined): string {
  return value ?? '';
}

/** "Establecimiento 000 Casa matriz: Col. Palmira"; empty when the establishment has no address. */
function establishmentLine(establishment: PrintedDocument['issuer']['establishment']): string {
  if (!establishment?.address) return '';
  const name = establishment.name ? ` ${establishment.name}` : '';
  return `Establecimiento ${establishment.code}${name}: ${establishment.address}`;
}

function required(printed: PrintedDocument, value: string | null | undefined, field: string): string {
  if (value === null || value === undefined || value === '') {
    throw new TypeError(`An issued ${DOCUMENT_TYPE_INFO[printed.documentType].noun} needs ${field}`);
  }
  return value;
}

type Numbering = Pick<TemplateData, 'marking' | 'fiscalNumber' | 'cai' | 'rangeFrom' | 'rangeTo' | 'deadline' | 'verificationUrl'>;

/** A preview's numbering: marked SIN VALIDEZ FISCAL, no real number, no digit of the CAI, no verification address. */
function previewNumbering(printed: PrintedDocument): Numbering {
  const masked = maskedNumber(printed.documentType);
  return {
    marking: PREVIEW_MARKING,
    fiscalNumber: PREVIEW_NUMBER,
    cai: maskCai(printed.cai ?? CAI_LAYOUT),
    rangeFrom: masked,
    rangeTo: masked,
    deadline: printed.deadline ? dayMonthYear(printed.deadline) : '',
    verificationUrl: PREVIEW_VERIFICATION,
  };
}

/** An issued document's numbering, every part required; ANULADA when annulled. */
function issuedNumbering(printed: PrintedDocument): Numbering {
  return {
    marking: printed.annulled === true ? ANNULLED : '',
    fiscalNumber: required(printed, printed.fiscalNumber, 'a fiscal number'),
    cai: required(printed, printed.cai, 'a CAI'),
    rangeFrom: required(printed, printed.range?.from, 'a range'),
    rangeTo: required(printed, printed.range?.to, 'a range'),
    deadline: dayMonthYear(required(printed, printed.deadline, 'a deadline')),
    verificationUrl: required(printed, printed.verificationUrl, 'a verification address'),
  };
}

function taxTotals(breakdown: PrintedDocument['totals']['taxBreakdown']) {
  const byRate = (rate: number) => breakdown.find((entry) => new Big(entry.rate).eq(rate));
  const at15 = byRate(15);
  const at18 = byRate(18);
  const others = breakdown.filter((entry) => entry !== at15 && entry !== at18);
  return {
    taxed15: formatLempiras(at15?.taxedAmount ?? 0),
    taxed18: formatLempiras(at18?.taxedAmount ?? 0),
    isv15: formatLempiras(at15?.taxAmount ?? 0),
    isv18: formatLempiras(at18?.taxAmount ?? 0),
    otherTaxes: others.flatMap((entry) => {
      const rate = formatDecimal(entry.rate, 0, 4);
      return [
        { label: `Importe gravado ${rate}%`, amount: formatLempiras(entry.taxedAmount) },
        { label: `ISV ${rate}%`, amount: formatLempiras(entry.taxAmount) },
      ];
    }),
  };
}

/**
 * Builds the template data of a document or a preview, titled by its document type. A preview is
 * marked SIN VALIDEZ FISCAL and carries neither a real number nor any digit of the CAI; an
 * annulled document is marked ANULADA.
 */
export function buildTemplateData(printed: PrintedDocument): TemplateData {
  const { marking, ...numbering } = printed.preview ? previewNumbering(printed) : issuedNumbering(printed);
  const date = dayMonthYear(hondurasDate(printed.issuedAt));
  const time = hondurasTime(printed.issuedAt);
  const own = slicePrint(printed);

  return {
    marking,
    issuer: {
      name: printed.issuer.name,
      tradeName: text(printed.issuer.tradeName),
      rtn: printed.issuer.rtn,
      address: printed.issuer.address,
      phone: text(printed.issuer.phone),
      email: text(printed.issuer.email),
      establishment: establishmentLine(printed.issuer.establishment),
    },
    title: DOCUMENT_TYPE_INFO[printed.documentType].title,
    ...numbering,
    date,
    time,
    client: {
      name: buyerName(printed.client?.name),
      rtn: text(printed.client?.rtn),
    },
    purchaseOrderNumber: own.purchaseOrderNumber,
    exemptPurchaseOrderNumber: text(printed.exoneration?.exemptPurchaseOrderNumber),
    exonerationCertificate: text(printed.exoneration?.certificate),
    sagRegistry: text(printed.exoneration?.sagRegistry),
    lines: printed.lines.map((line) => ({
      code: line.code,
      description: line.description,
      quantity: formatDecimal(line.quantity, 0, 4),
      unitPrice: formatDecimal(line.unitPrice, 2, 4),
      discount: formatDecimal(line.discount, 2),
      amount: formatDecimal(line.amount, 2),
    })),
    totals: {
      importe: formatLempiras(printed.totals.importe),
      discount: formatLempiras(printed.totals.discount),
      exonerated: formatLempiras(printed.totals.exonerated),
      exempt: formatLempiras(printed.totals.exempt),
      ...taxTotals(printed.totals.taxBreakdown),
      total: formatLempiras(printed.totals.total),
    },
    totalInLetters: printed.totalInLetters,
    exchangeRate: own.exchangeRate,
    copyLegend: own.copyLegend,
    note: own.note,
  };
}

/** The template fields one document type's slice fills; the others' stay empty. */
type SliceFields = Pick<TemplateData, 'purchaseOrderNumber' | 'exchangeRate' | 'copyLegend' | 'note'>;

const NO_NOTE: TemplateData['note'] = { reason: '', invoiceNumber: '', invoiceCai: '', invoiceDate: '' };

function slicePrint(printed: PrintedDocument): SliceFields {
  switch (printed.documentType) {
    case 'invoice':
      return {
        purchaseOrderNumber: text(printed.purchaseOrderNumber),
        // Rates are stored with 4 decimals (DECIMAL(9,4)); rounding them to cents would misstate them.
        exchangeRate:
          printed.exchangeRate === null || printed.exchangeRate === undefined ? '' : `L ${formatDecimal(printed.exchangeRate, 4)}`,
        copyLegend: COPY_LEGEND,
        note: NO_NOTE,
      };
    case 'creditNote':
    case 'debitNote':
      return {
        purchaseOrderNumber: '',
        exchangeRate: '',
        copyLegend: NOTE_COPY_LEGEND,
        note: {
          reason: printed.reason,
          invoiceNumber: printed.modifies.fiscalNumber,
          invoiceCai: printed.modifies.cai,
          invoiceDate: dayMonthYear(hondurasDate(printed.modifies.issuedAt)),
        },
      };
    default:
      return unknownDocumentType(printed);
  }
}
