import { EntityManager } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { AppError } from '../domain/app-error';
import { Invoice } from '../entities';
import { TOKENS } from '../tokens';

/** Reads an issued invoice of the caller's company; any other id is the same 404. */
@injectable()
export class InvoiceReader {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  async get(companyId: number, id: number): Promise<Invoice> {
    const invoice = await this.em.findOne(
      Invoice,
      { id, company: companyId },
      { populate: ['lines', 'taxes', 'emissionPoint.establishment'], refresh: true },
    );
    if (!invoice) throw new AppError('EXTERNAL_INVOICE_NOT_FOUND', `Invoice ${id} does not exist in this company.`);
    return invoice;
  }
}
