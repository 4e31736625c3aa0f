import { PassThrough } from 'node:stream';
import { inject, injectable } from 'inversify';
import type { AppConfig } from '../../../../config/config';
import type { CompanyRef } from '../../../domain/company-ref';
import type { DocumentType } from '../../../domain/document-type';
import { TOKENS } from '../../../tokens';
import { DocumentReprint } from '../../sales';
import { MonthSummaryService } from '../month-summary.service';
import { REPORT_WRITERS } from '../report-writers';
import type { ReportFormat, ReportTable } from '../report-table';
import { SalesRegisterService } from '../sales-register.service';
import { monthDays } from '../sales-register-query';
import { UnusedNumbersService } from '../unused-numbers.service';
import { ZipWriter, type ZipEntry } from './zip-writer';

/** Told after each document is archived: how many so far, of how many. */
export type ArchiveProgress = (archived: number, total: number) => void;

/** The folder of each type's PDFs in the archive. */
const FOLDERS: Readonly<Record<DocumentType, string>> = {
  invoice: 'facturas',
  creditNote: 'notas-de-credito',
  debitNote: 'notas-de-debito',
};

/**
 * What a company keeps of a month (Art. 38 and 41 of Acuerdo 481-2017: the copies, for the years
 * the law asks), as one ZIP: every invoice and note of the month's sales register as its PDF,
 * exactly the bytes a reprint gives (the same pipeline, the versions fixed at issue, the rendered
 * PDF cache; ANULADA on an annulled one), under `facturas/`, `notas-de-credito/` and
 * `notas-de-debito/` by printed number; the register (`libro-de-ventas.csv` and `.xlsx`), the ISV
 * summary (`resumen-isv.csv`), the unused numbers (`numeros-no-utilizados.csv`), and
 * `manifest.json` with the size and SHA-256 of every other entry.
 *
 * Reproducible: entries in a fixed order (documents by printed number, then the reports, the
 * manifest last), all dated the month's last day, deflated at one level, the XLSX dated that day
 * too; a month where nothing changed gives the same bytes. Bounded: documents are listed a page at
 * a time and rendered a few at once (`PDF_FACTORIES` plus one), ahead of the one being written, so
 * no more PDFs than that are ever held; what grows with the month is the manifest's line per entry.
 */
@injectable()
export class MonthArchiveService {
  constructor(
    @inject(TOKENS.Config) private readonly config: Pick<AppConfig, 'pdfFactories'>,
    @inject(DocumentReprint) private readonly reprints: DocumentReprint,
    @inject(SalesRegisterService) private readonly register: SalesRegisterService,
    @inject(MonthSummaryService) private readonly summaries: MonthSummaryService,
    @inject(UnusedNumbersService) private readonly unused: UnusedNumbersService,
  ) {}

  /** Writes the archive of `month` to `out` and ends it; on a failure `out` is left unfinished (no valid ZIP). */
  async write(company: CompanyRef, month: string, out: NodeJS.WritableStream, progress: ArchiveProgress = () => undefined): Promise<void> {
    const { first, last } = monthDays(month);
    // Midnight UTC of the last day: archiver writes entry dates in UTC, so every machine writes the same day.
    const date = new Date(`${last}T00:00:00Z`);
    const summary = await this.summaries.summary(company, month);
    const total = summary.counts.invoices + summary.counts.creditNotes + summary.counts.debitNotes;
    const zip = new ZipWriter(out, date);
    try {
      const entries: ZipEntry[] = [];
      let archived = 0;
      progress(archived, total);
      for await (const pdf of this.renderedInOrder(company, first, last)) {
        entries.push(await zip.add(`${FOLDERS[pdf.documentType]}/${pdf.fiscalNumber}.pdf`, pdf.bytes));
        progress(++archived, total);
      }
      const table = async (name: string, report: ReportTable, format: ReportFormat) => {
        const through = new PassThrough();
        const [, entry] = await Promise.all([REPORT_WRITERS[format](report, through, { date }), zip.add(name, through)]);
        entries.push(entry);
      };
      await table('libro-de-ventas.csv', await this.register.open(company, first, last), 'csv');
      await table('libro-de-ventas.xlsx', await this.register.open(company, first, last), 'xlsx');
      await table('resumen-isv.csv', this.summaries.table(summary), 'csv');
      await table('numeros-no-utilizados.csv', await this.unused.table(company, month), 'csv');
      const manifest = { company: company.code, month, entries };
      await zip.add('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      await zip.finish();
    } catch (err) {
      zip.abort();
      throw err;
    }
  }

  /**
   * The month's documents with their PDFs, in the register's order. Up to `window` renders run at
   * once ahead of the one being written; a PDF is yielded as soon as it and those before it are done.
   */
  private async *renderedInOrder(
    company: CompanyRef,
    first: string,
    last: string,
  ): AsyncGenerator<{ documentType: DocumentType; fiscalNumber: string; bytes: Buffer }> {
    const window = Math.max(1, this.config.pdfFactories) + 1;
    const pending: Array<Promise<{ documentType: DocumentType; fiscalNumber: string; bytes: Buffer }>> = [];
    try {
      for await (const doc of this.register.documents(company, first, last)) {
        const rendering = this.reprints
          .pdf(company, doc.documentType, doc.id)
          .then((bytes) => ({ documentType: doc.documentType, fiscalNumber: doc.fiscalNumber, bytes }));
        // Awaited in order below; a failure further ahead must not go unhandled meanwhile.
        rendering.catch(() => undefined);
        pending.push(rendering);
        if (pending.length >= window) yield await pending.shift()!;
      }
      while (pending.length > 0) yield await pending.shift()!;
    } finally {
      // Stopped early (a failure): let the renders already asked for settle before the caller moves on.
      await Promise.allSettled(pending);
    }
  }
}
