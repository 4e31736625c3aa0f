import type { EntityManager } from '@mikro-orm/mysql';
import type { Logger } from 'pino';
import { tableOf } from '../../../db/lean-select';
import { Company, Invoice } from '../../../entities';
import { currentVersions } from './stored-versions';

/**
 * Fixes the versions current now on every invoice that has none: those issued before versions
 * were kept. Runs at start-up right after the migrations, under their lock, so each such invoice
 * gets the letterhead it was printed with until then. Returns how many invoices it fixed.
 */
export async function fixVersionsOfUnversionedInvoices(em: EntityManager, templatesDir: string, logger: Logger): Promise<number> {
  const pending = await em.execute<{ company_id: number; code: string }[]>(
    `select distinct i.\`company_id\`, c.\`code\` from ${tableOf(em, Invoice)} i join ${tableOf(em, Company)} c on c.\`id\` = i.\`company_id\`` +
      ' where i.`template_version_id` is null',
  );
  let fixed = 0;
  for (const { company_id: companyId, code } of pending) {
    try {
      const versions = await currentVersions({ em, templatesDir, logger }, code, 'invoice');
      // No read-cache counter moves: the read cache never keeps an invoice without versions.
      fixed += await em.nativeUpdate(
        Invoice,
        { company: companyId, templateVersion: null },
        { templateVersion: versions.templateVersionId, logoVersion: versions.logoVersionId },
      );
    } catch (err) {
      // Their first PDF fixes them instead, once the template can be read.
      logger.error({ err, companyCode: code }, 'could not fix the template version of earlier invoices');
    }
  }
  if (fixed > 0) logger.info({ invoices: fixed }, 'fixed the current template and logo on invoices issued before versions were kept');
  return fixed;
}
