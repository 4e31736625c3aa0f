import type { MikroORM } from '@mikro-orm/mysql';
import { CaiRange, Company, EmissionPoint, Establishment, Invoice, OperatorUser, PaymentTerminal, PriceList } from '../../src/entities';

/**
 * Writes the smallest valid issued invoice of `company` straight into the tables (numbering
 * chain, creator, terminal, price list, amounts), for operator commands that only need an
 * invoice row to exist. Returns the invoice id.
 */
export async function insertIssuedInvoice(orm: MikroORM, companyId: number): Promise<number> {
  const em = orm.em.fork();
  const company = em.getReference(Company, companyId);
  const establishment = em.create(Establishment, { company, code: '000', name: 'Casa matriz' });
  const emissionPoint = em.create(EmissionPoint, { establishment, code: '001' });
  const caiRange = em.create(CaiRange, {
    emissionPoint,
    cai: '35BD6A-0195F4-B34BAA-8B7D13-37F5E8-0B',
    rangeStart: 1,
    rangeEnd: 100,
    deadline: '2099-12-31',
    nextNumber: 2,
  });
  const invoice = em.create(Invoice, {
    company,
    emissionPoint,
    caiRange,
    cai: caiRange.cai,
    invoiceNumber: 1,
    fiscalNumber: '000-001-01-00000001',
    invoiceDate: new Date(),
    issuerName: 'Comercial de Prueba S. de R.L.',
    issuerRtn: '08019999123456',
    caiRangeStart: caiRange.rangeStart,
    caiRangeEnd: caiRange.rangeEnd,
    caiDeadline: caiRange.deadline,
    importe: '100.00',
    discountTotal: '0.00',
    exemptedAmount: '0.00',
    exoneratedAmount: '0.00',
    totalTaxes: '15.00',
    total: '115.00',
    totalInLetters: 'CIENTO QUINCE LEMPIRAS CON 00/100',
    creatorUser: em.create(OperatorUser, { company, code: 'integracion', name: 'Integración API' }),
    paymentTerminal: em.create(PaymentTerminal, { company, code: 'CAJA1', name: 'Caja principal' }),
    priceList: em.create(PriceList, { company, code: 'GENERAL' }),
  });
  await em.flush();
  return invoice.id;
}
