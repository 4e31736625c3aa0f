import type { CompanyLogo } from './company-template';
import type { DocumentType } from '../domain/document-type';
import { buildTemplateData, type PrintedDocument } from './template-data';
import { parseOdtPackage, TemplateReadError, type OdtPackage } from './odt-package';
import type { PdfRenderer } from './pdf-renderer';
import { sampleDocument } from './sample-document';
import { fieldProblems } from './template-fields';
import { applyLogo } from './template-logo';
import { applyVerificationQr } from './verification-qr';

/** A template to check, already read: its bytes and what messages call it (a path, a version). */
export interface TemplateBytes {
  name: string;
  data: Buffer;
}

export interface TemplateCheckResult {
  /** Empty when the template is fit to print documents of its type. */
  problems: string[];
  /** Whether a sample document was rendered to PDF (false without LibreOffice, or when it failed). */
  rendered: boolean;
  /** The sample document printed with the template and logo, when it rendered. */
  pdf: Buffer | null;
}

/**
 * Checks a template before it reaches customers: readable ODT, every required field and the QR
 * placeholder present, no misspelt field, a usable logo, and (when LibreOffice can start) a real render of a sample
 * document of the template's type with the company's own issuer data.
 */
export async function checkTemplate(
  documentType: DocumentType,
  template: TemplateBytes,
  logo: CompanyLogo,
  renderer: PdfRenderer,
  issuer: Partial<PrintedDocument['issuer']> = {},
): Promise<TemplateCheckResult> {
  let pkg: OdtPackage;
  try {
    pkg = await parseOdtPackage(template.data, template.name);
  } catch (err) {
    if (err instanceof TemplateReadError) return { problems: [err.message, ...logoProblems(logo)], rendered: false, pdf: null };
    throw err;
  }
  const problems = [...fieldProblems(pkg, documentType), ...logoProblems(logo)];
  // Started only for a readable template: LibreOffice takes seconds to start (a no-op when running).
  await renderer.start();
  if (!renderer.isAvailable()) return { problems, rendered: false, pdf: null };
  try {
    const sample = sampleDocument(documentType, issuer);
    const data = buildTemplateData(sample);
    const pdf = await renderer.render(async () => applyVerificationQr(applyLogo(pkg, logo.data), sample, data), data, sample.issuedAt);
    return { problems, rendered: true, pdf };
  } catch (err) {
    problems.push(`the sample document did not render (${err instanceof Error ? err.message : String(err)})`);
    return { problems, rendered: false, pdf: null };
  }
}

function logoProblems(logo: CompanyLogo): string[] {
  return logo.problem === undefined ? [] : [logo.problem];
}
