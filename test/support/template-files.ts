import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { partText, readOdtPackage, withParts, type OdtPackage } from '../../src/pdf/odt-package';

export const DEFAULT_TEMPLATE = path.resolve(__dirname, '../../templates/invoice.odt');

/** A private TEMPLATES_DIR holding a copy of the default template, so tests can add letterheads. */
export function copyTemplatesDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'templates-test-'));
  fs.copyFileSync(DEFAULT_TEMPLATE, path.join(dir, 'invoice.odt'));
  return dir;
}

/** carbone's zip writer (yazl), the same one that writes every rendered document. */
function zip(pkg: OdtPackage): Promise<Buffer> {
  const carboneFile = require('carbone/lib/file') as {
    zip(files: OdtPackage['parts'], callback: (err: unknown, data: Buffer) => void): void;
  };
  return new Promise((resolve, reject) => carboneFile.zip(pkg.parts, (err, data) => (err ? reject(err) : resolve(data))));
}

/**
 * Writes `target` as the default template with its content.xml changed by `edit`, as an
 * operator's edit in LibreOffice would (written to a temporary name, then renamed into place).
 */
export async function writeEditedTemplate(target: string, edit: (contentXml: string) => string): Promise<void> {
  const data = await editedTemplate(edit);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(`${target}.tmp`, data);
  fs.renameSync(`${target}.tmp`, target);
}

/** The bytes of the default template with its content.xml changed by `edit` (an upload's file). */
export async function editedTemplate(edit: (contentXml: string) => string): Promise<Buffer> {
  const pkg = await readOdtPackage(DEFAULT_TEMPLATE);
  return zip(withParts(pkg, { 'content.xml': edit(partText(pkg, 'content.xml') ?? '') }));
}

/** content.xml with one paragraph of `text` put first in the body. */
export function withBanner(text: string): (contentXml: string) => string {
  return (xml) => xml.replace('<office:text>', `<office:text><text:p>${text}</text:p>`);
}
