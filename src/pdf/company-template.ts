import fs from 'node:fs/promises';
import { readOdtPackage, type OdtPackage } from './odt-package';
import { applyLogo, pngSize } from './template-logo';
import { companyLogoPath } from './template-resolver';

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
  return logoOf(file, data);
}

/** A logo from its bytes (a file, an upload, a stored version): usable when it is a PNG. */
export function logoOf(name: string, data: Buffer): CompanyLogo {
  return pngSize(data) === undefined ? { file: name, problem: `${name} is not a PNG image` } : { file: name, data };
}

/** The template file read into memory with the logo put in (or its placeholder removed). */
export async function prepareTemplate(templateFile: string, logo: CompanyLogo): Promise<OdtPackage> {
  return applyLogo(await readOdtPackage(templateFile), logo.data);
}
