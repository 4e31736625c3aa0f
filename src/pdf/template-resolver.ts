import fs from 'node:fs';
import path from 'node:path';
import { DOCUMENT_TYPE_INFO, type DocumentType } from '../domain/document-type';

const LOGO_FILE = 'logo.png';

/** `<templatesDir>/companies/<code>`, or undefined for a code that could climb out of companies/. */
function companyDir(templatesDir: string, companyCode: string): string | undefined {
  return /^[A-Za-z0-9_-]+$/.test(companyCode) ? path.join(templatesDir, 'companies', companyCode) : undefined;
}

/**
 * The company's own template of a document type when it has one, else the default one. Checked
 * on every call (no cache) so that an operator's edited or newly added file is used by the next
 * document issued and the next preview (issued documents print with the version stored at issue).
 */
export function resolveTemplate(templatesDir: string, companyCode: string, documentType: DocumentType): string {
  const file = DOCUMENT_TYPE_INFO[documentType].templateFile;
  const dir = companyDir(templatesDir, companyCode);
  if (dir !== undefined) {
    const companyTemplate = path.join(dir, file);
    if (fs.existsSync(companyTemplate)) return companyTemplate;
  }
  return path.join(templatesDir, file);
}

/** Where the company's logo goes (`companies/<code>/logo.png`); it may not exist. */
export function companyLogoPath(templatesDir: string, companyCode: string): string | undefined {
  const dir = companyDir(templatesDir, companyCode);
  return dir === undefined ? undefined : path.join(dir, LOGO_FILE);
}
