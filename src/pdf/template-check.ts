import type { CompanyLogo } from './company-template';
import { buildTemplateData, type PrintedInvoice } from './template-data';
import { readOdtPackage, TemplateReadError, type OdtPackage } from './odt-package';
import type { PdfRenderer } from './pdf-renderer';
import { sampleInvoice } from './sample-invoice';
import { fieldProblems } from './template-fields';
import { applyLogo } from './template-logo';

export interface TemplateCheckResult {
  /** Empty when the template is fit to print invoices. */
  problems: string[];
  /** Whether a sample invoice was rendered to PDF (false without LibreOffice, or when it failed). */
  rendered: boolean;
}

/**
 * Checks a template before it reaches customers: readable ODT, every required field present,
 * no misspelt field, a usable logo, and (when LibreOffice can start) a real render of a sample
 * invoice with the company's own issuer data.
 */
export async function checkTemplate(
  file: string,
  logo: CompanyLogo,
  renderer: PdfRenderer,
  issuer: Partial<PrintedInvoice['issuer']> = {},
): Promise<TemplateCheckResult> {
  let pkg: OdtPackage;
  try {
    pkg = await readOdtPackage(file);
  } catch (err) {
    if (err instanceof TemplateReadError) return { problems: [err.message], rendered: false };
    throw err;
  }
  const problems = [...fieldProblems(pkg), ...(logo.problem === undefined ? [] : [logo.problem])];
  // Started only for a readable template: LibreOffice takes seconds to start (a no-op when running).
  await renderer.start();
  if (!renderer.isAvailable()) return { problems, rendered: false };
  try {
    await renderer.render(applyLogo(pkg, logo.data), buildTemplateData(sampleInvoice(issuer)));
    return { problems, rendered: true };
  } catch (err) {
    problems.push(`the sample invoice did not render (${err instanceof Error ? err.message : String(err)})`);
    return { problems, rendered: false };
  }
}
