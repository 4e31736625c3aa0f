import fs from 'node:fs/promises';
import { parseOdtPackage, readTemplateFile, type OdtPackage } from './odt-package';
import { applyLogo, pngSize } from './template-logo';
import { companyLogoPath, resolveTemplate } from './template-resolver';

/** A company's logo file: its bytes when usable, or why it is not (a missing file is no problem). */
export interface CompanyLogo {
  file: string | undefined;
  data?: Buffer;
  problem?: string;
}

/** Reads `companies/<code>/logo.png` afresh on every call, like the template itself. */
export async function readCompanyLogo(templatesDir: string, companyCode: string): Promise<CompanyLogo> {
  const file = companyLogoPath(templatesDir, companyCode);
  if (file === undefined) return { file };
  let data: Buffer;
  try {
    data = await fs.readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { file } : { file, problem: `cannot read ${file} (${code ?? String(err)})` };
  }
  return pngSize(data) === undefined ? { file, problem: `${file} is not a PNG image` } : { file, data };
}

/** The bytes a company's invoice is rendered from, read afresh: its template file and its logo. */
export interface CompanyTemplateFiles {
  file: string;
  bytes: Buffer;
  logo: CompanyLogo;
}

export async function readTemplateFiles(templatesDir: string, companyCode: string): Promise<CompanyTemplateFiles> {
  const file = resolveTemplate(templatesDir, companyCode);
  const [bytes, logo] = await Promise.all([readTemplateFile(file), readCompanyLogo(templatesDir, companyCode)]);
  return { file, bytes, logo };
}

/** The template of `files` unzipped, with its logo put in. */
export async function prepareTemplateFiles(files: CompanyTemplateFiles): Promise<OdtPackage> {
  return applyLogo(await parseOdtPackage(files.file, files.bytes), files.logo.data);
}
