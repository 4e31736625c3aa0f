import fs from 'node:fs';
import path from 'node:path';

const TEMPLATE_FILE = 'invoice.odt';

/**
 * The company's own template when it has one, else the default. Checked on every call
 * (no cache) so that an operator's edited or newly added file is used on the next render.
 */
export function resolveTemplate(templatesDir: string, companyCode: string): string {
  // A code is a directory name here: refuse anything that could climb out of companies/.
  if (/^[A-Za-z0-9_-]+$/.test(companyCode)) {
    const companyTemplate = path.join(templatesDir, 'companies', companyCode, TEMPLATE_FILE);
    if (fs.existsSync(companyTemplate)) return companyTemplate;
  }
  return path.join(templatesDir, TEMPLATE_FILE);
}
