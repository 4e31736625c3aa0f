import { RequestContext, type MikroORM } from '@mikro-orm/mysql';
import type { Container } from 'inversify';
import type { Actor } from '../src/domain/actor';
import { addDays, hondurasDate, startOfHondurasDay } from '../src/domain/calendar-date';
import { CompanySetupService } from '../src/services/company';
import type { SqlClient } from '../src/db/sql-client';
import { utcDatetime } from '../src/db/lean-select';

/**
 * The console bench's company: 1,000,000 invoices over two years at three emission points, with
 * 5,000 clients, credit and debit notes, some annulled documents, written in bulk by the database
 * itself (INSERT ... SELECT over a table of numbers), so that generating it takes a few minutes.
 *
 * Only what the console's read models read is generated: invoice heads (no lines or taxes, which
 * neither the search nor the overview reads), the clients and the notes whose totals a row sums.
 */
export const CONSOLE_BENCH_COMPANY = 'CONSOLA';
export const INVOICES = 1_000_000;
export const CLIENTS = 5_000;
/** Share of invoices to a final consumer (no client). */
const FINAL_CONSUMER_SHARE = 0.3;
const DAYS = 730;
const BATCH = 100_000;
const BENCH_ACTOR: Actor = { kind: 'cli', osUser: 'bench' };

interface RangePlan {
  cai: string;
  start: number;
  end: number;
  deadline: string;
  /** Invoices (or notes) it numbers. */
  used: number;
}

interface PointPlan {
  establishment: string;
  point: string;
  invoices: number;
  invoiceRanges: RangePlan[];
  creditRange: RangePlan;
  debitRange: RangePlan;
}

const cai = (i: number) => `${String(i).padStart(6, '0')}-4F2A1B-C3D4E5-F6A7B8-C9D0E1-F2`;

/** Three points taking 60 %, 30 % and 10 % of the sales; the busiest has used up its first range. */
function plan(today: string): PointPlan[] {
  const far = addDays(today, 300);
  const note = (n: number): RangePlan => ({ cai: cai(100 + n), start: 1, end: 100_000, deadline: far, used: 0 });
  return [
    {
      establishment: '000',
      point: '001',
      invoices: 600_000,
      invoiceRanges: [
        { cai: cai(1), start: 1, end: 250_000, deadline: addDays(today, -200), used: 250_000 },
        // Near its deadline: DUE.
        { cai: cai(2), start: 250_001, end: 700_000, deadline: addDays(today, 45), used: 350_000 },
        { cai: cai(3), start: 700_001, end: 1_200_000, deadline: far, used: 0 },
      ],
      creditRange: note(1),
      debitRange: note(2),
    },
    {
      establishment: '000',
      point: '002',
      invoices: 300_000,
      invoiceRanges: [{ cai: cai(4), start: 1, end: 400_000, deadline: far, used: 300_000 }],
      creditRange: note(3),
      debitRange: note(4),
    },
    {
      establishment: '001',
      point: '001',
      invoices: 100_000,
      invoiceRanges: [
        { cai: cai(5), start: 1, end: 60_000, deadline: addDays(today, -100), used: 60_000 },
        // Few numbers left: LOW.
        { cai: cai(6), start: 60_001, end: 102_000, deadline: far, used: 40_000 },
      ],
      creditRange: note(5),
      debitRange: note(6),
    },
  ];
}

function setupDocument(points: PointPlan[]) {
  const establishments = ['000', '001'].map((code) => ({
    code,
    name: code === '000' ? 'Casa matriz' : 'Sucursal San Pedro Sula',
    emissionPoints: points
      .filter((p) => p.establishment === code)
      .map((p) => ({
        code: p.point,
        caiRanges: [
          ...p.invoiceRanges.map((r) => ({ cai: r.cai, rangeStart: r.start, rangeEnd: r.end, deadline: r.deadline })),
          {
            cai: p.creditRange.cai,
            rangeStart: 1,
            rangeEnd: p.creditRange.end,
            deadline: p.creditRange.deadline,
            documentType: 'creditNote',
          },
          { cai: p.debitRange.cai, rangeStart: 1, rangeEnd: p.debitRange.end, deadline: p.debitRange.deadline, documentType: 'debitNote' },
        ],
      })),
  }));
  return {
    company: { code: CONSOLE_BENCH_COMPANY, name: 'Distribuidora Consola S. de R.L.', rtn: '08019999654321', address: 'Tegucigalpa' },
    establishments,
    users: [{ code: 'integracion', name: 'Integración API' }],
    paymentTerminals: [{ code: 'CAJA1', name: 'Caja principal' }],
    products: [{ code: 'P-1', name: 'Producto', isvRate: 15 }],
    priceLists: [{ code: 'GENERAL', prices: [{ product: 'P-1', price: 100 }] }],
    productMappings: [{ externalProductId: 'SKU-P-1', product: 'P-1' }],
    integration: { enabled: true, emissionPoint: '000-001', creatorUser: 'integracion', priceList: 'GENERAL', paymentTerminal: 'CAJA1' },
  };
}

/** A small deterministic generator (mulberry32), so every run builds the same company. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = [
  'Juan',
  'María',
  'José',
  'Ana',
  'Carlos',
  'Rosa',
  'Luis',
  'Carmen',
  'Jorge',
  'Lucía',
  'Mario',
  'Sofía',
  'Pedro',
  'Elena',
  'Ramón',
  'Gloria',
  'Óscar',
  'Marta',
  'Héctor',
  'Daniela',
];
export const SURNAMES = [
  'López',
  'Martínez',
  'Hernández',
  'García',
  'Rodríguez',
  'Flores',
  'Mejía',
  'Reyes',
  'Castro',
  'Zelaya',
  'Banegas',
  'Aguilar',
  'Pineda',
  'Ramos',
  'Cruz',
  'Ordóñez',
  'Turcios',
  'Maradiaga',
  'Lagos',
  'Sevilla',
  'Euceda',
  'Ávila',
  'Matute',
  'Rivera',
  'Funes',
  'Cálix',
  'Padilla',
  'Velásquez',
  'Bonilla',
  'Cárcamo',
];
const BUSINESSES = [
  'Ferretería',
  'Inversiones',
  'Comercial',
  'Distribuidora',
  'Farmacia',
  'Supermercado',
  'Constructora',
  'Transportes',
  'Agropecuaria',
  'Servicios',
  'Hotel',
  'Librería',
  'Taller',
  'Panadería',
  'Importadora',
];
const SUFFIXES = ['S. de R.L.', 'S.A.', 'S.A. de C.V.', '', ''];

export interface BenchClient {
  name: string;
  rtn: string | null;
}

/** The clients: 40 % people, 60 % businesses; 80 % with an RTN. */
export function benchClients(): BenchClient[] {
  const r = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)];
  return Array.from({ length: CLIENTS }, (_, i) => {
    const name =
      r() < 0.4
        ? `${pick(FIRST_NAMES)} ${pick(SURNAMES)} ${pick(SURNAMES)}`
        : `${pick(BUSINESSES)} ${pick(SURNAMES)} ${pick(SURNAMES)} ${pick(SUFFIXES)}`.trim();
    const rtn = r() < 0.8 ? `0801${String(1950 + (i % 60))}${String(100000 + i).slice(-6)}` : null;
    return { name: `${name} ${i % 7 === 0 ? 'No. ' + String(i) : ''}`.trim(), rtn };
  });
}

/**
 * Writes the company: setup through the operator's service, then clients, invoices and notes in
 * bulk. The k-th invoice of a point (k from 0, in date order) takes the point's k-th number,
 * across its ranges in order, so numbers are gapless and rise with the date; its date spreads the
 * point's sales evenly over the last two years, 07:00 to 19:00 Honduras time. Its client follows
 * a skewed draw (a few clients buy often, most seldom); one in 200 is annulled. One in 50 live
 * invoices has a credit note two days later (one in 10 of those annulled), one in 300 a debit note.
 */
export async function generateBenchCompany(orm: MikroORM, container: Container, db: SqlClient, log: (line: string) => void): Promise<void> {
  const today = hondurasDate(new Date());
  const points = plan(today);
  await RequestContext.create(orm.em, () => container.get(CompanySetupService).apply(BENCH_ACTOR, setupDocument(points)));
  const [company] = await db.select(
    'SELECT c.id AS id, c.name AS name, c.rtn AS rtn, (SELECT id FROM operator_users WHERE company_id = c.id) AS userId,' +
      ' (SELECT id FROM payment_terminals WHERE company_id = c.id) AS terminalId, (SELECT id FROM price_lists WHERE company_id = c.id) AS priceListId' +
      ' FROM companies c WHERE c.code = ?',
    [CONSOLE_BENCH_COMPANY],
  );
  const companyId = Number(company.id);

  await db.select('CREATE TABLE IF NOT EXISTS bench_seq (n INT UNSIGNED NOT NULL PRIMARY KEY) ENGINE = InnoDB', []);
  await db.select('DELETE FROM bench_seq', []);
  const digits = Array.from({ length: 10 }, (_, i) => `SELECT ${i} AS d`).join(' UNION ALL ');
  await db.select(
    `INSERT INTO bench_seq (n) SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d FROM (${digits}) a, (${digits}) b, (${digits}) c, (${digits}) e, (${digits}) f`,
    [],
  );

  let started = Date.now();
  const clients = benchClients();
  for (let i = 0; i < clients.length; i += 1000) {
    const chunk = clients.slice(i, i + 1000);
    await db.select(
      `INSERT INTO clients (company_id, code, client_name, email, legal_id, created_at) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, NOW(3))').join(', ')}`,
      chunk.flatMap((c, j) => [companyId, `BC-${String(i + j).padStart(5, '0')}`, c.name, `compras${i + j}@cliente.hn`, c.rtn]),
    );
  }
  const [{ firstClient }] = await db.select('SELECT MIN(id) AS firstClient FROM clients WHERE company_id = ?', [companyId]);
  log(`clients: ${CLIENTS} in ${Date.now() - started} ms`);

  const owner: Owner = {
    companyId,
    name: String(company.name),
    rtn: String(company.rtn),
    userId: Number(company.userId),
    terminalId: Number(company.terminalId),
    priceListId: Number(company.priceListId),
  };
  const start = utcDatetime(startOfHondurasDay(addDays(today, -DAYS)));
  const now = utcDatetime(new Date());
  started = Date.now();
  for (const [p, point] of points.entries()) {
    const [{ pointId }] = await db.select(
      'SELECT ep.id AS pointId FROM emission_points ep JOIN establishments es ON es.id = ep.establishment_id WHERE es.company_id = ? AND es.code = ? AND ep.code = ?',
      [companyId, point.establishment, point.point],
    );
    const rangeIdOf = async (range: RangePlan) =>
      Number((await db.select('SELECT id FROM cai_ranges WHERE cai = ? AND emission_point_id = ?', [range.cai, pointId]))[0].id);
    let k0 = 0;
    for (const range of point.invoiceRanges) {
      const rangeId = await rangeIdOf(range);
      for (let offset = 0; offset < range.used; offset += BATCH) {
        const batch = { k0: k0 + offset, number: range.start + offset, count: Math.min(BATCH, range.used - offset) };
        await db.select(
          ...invoiceBatch(
            owner,
            { pointId: Number(pointId), rangeId, range, point, salt: p * 977, start, firstClient: Number(firstClient) },
            batch,
          ),
        );
      }
      await db.select('UPDATE cai_ranges SET next_number = ? WHERE id = ?', [range.start + range.used, rangeId]);
      k0 += range.used;
    }
    log(`invoices of ${point.establishment}-${point.point}: ${point.invoices} (${Math.round((Date.now() - started) / 1000)} s so far)`);
    for (const [type, range, every] of [
      ['creditNote', point.creditRange, 50],
      ['debitNote', point.debitRange, 300],
    ] as const) {
      const rangeId = await rangeIdOf(range);
      await db.select(...notesOf(owner, { pointId: Number(pointId), rangeId, range, point, type, every, now }));
      await db.select(
        'UPDATE cai_ranges r SET r.next_number = 1 + (SELECT COUNT(*) FROM notes n WHERE n.cai_range_id = r.id) WHERE r.id = ?',
        [rangeId],
      );
    }
  }
  log(`invoices and notes: ${Math.round((Date.now() - started) / 1000)} s`);
  await db.select('DROP TABLE bench_seq', []);
  await db.select('ANALYZE TABLE invoices, notes, clients, cai_ranges', []);
}

/** The issuer's rows every document points at. */
interface Owner {
  companyId: number;
  name: string;
  rtn: string;
  userId: number;
  terminalId: number;
  priceListId: number;
}

type Query = [sql: string, params: unknown[]];

/**
 * One batch of a range's invoices. k is the point's running count (date order): day k x 730 / N
 * of the two years, at a time of day that grows with the remainder, 07:00 to 19:00 Honduras time
 * (the period starts at 00:00 Honduras). u is a multiplicative-hash draw in [0, 1) (consecutive
 * k spread evenly): below 0.3 a final consumer, else a client drawn with its square, so the first
 * clients buy most. Numbers are ours, written into the SQL; text goes as parameters.
 */
function invoiceBatch(
  owner: Owner,
  at: { pointId: number; rangeId: number; range: RangePlan; point: PointPlan; salt: number; start: string; firstClient: number },
  batch: { k0: number; number: number; count: number },
): Query {
  const n = at.point.invoices;
  const share = FINAL_CONSUMER_SHARE;
  const sql =
    'INSERT INTO invoices (company_id, emission_point_id, cai_range_id, cai, invoice_number, fiscal_number, invoice_date,' +
    ' issuer_name, issuer_rtn, cai_range_start, cai_range_end, cai_deadline, client_id, client_name, client_legal_id,' +
    ' importe, discount_total, exempted_amount, exonerated_amount, total_taxes, total, total_in_letters, is_paid, is_annulled,' +
    ' annulled_at, annul_reason, creator_user_id, payment_terminal_id, price_list_id, created_at)' +
    ` SELECT ${owner.companyId}, ${at.pointId}, ${at.rangeId}, ?, g.num, CONCAT(?, LPAD(g.num, 8, '0')), g.at, ?, ?,` +
    ` ${at.range.start}, ${at.range.end}, ?, c.id, c.client_name, c.legal_id,` +
    ' g.importe, 0, 0, 0, ROUND(g.importe * 0.15, 2), g.importe + ROUND(g.importe * 0.15, 2), ?, 1, g.annulled,' +
    ` IF(g.annulled, g.at, NULL), IF(g.annulled, 'Emitida con errores', NULL), ${owner.userId}, ${owner.terminalId}, ${owner.priceListId}, g.at` +
    ' FROM (SELECT t.num, MOD(t.k * 31 + 7, 200) = 0 AS annulled, ROUND(50 + MOD(t.k * 7919, 500000) / 100, 2) AS importe,' +
    ` IF(t.u < ${share}, NULL, ${at.firstClient} + LEAST(${CLIENTS - 1}, FLOOR(${CLIENTS} * POW((t.u - ${share}) / ${1 - share}, 2)))) AS client_id,` +
    ` TIMESTAMPADD(SECOND, (t.k * ${DAYS}) DIV ${n} * 86400 + 25200 + FLOOR(MOD(t.k * ${DAYS}, ${n}) * 43200 / ${n}), CAST(? AS DATETIME(3))) AS at` +
    ` FROM (SELECT s.n + ${batch.k0} AS k, s.n + ${batch.number} AS num,` +
    ` MOD((s.n + ${batch.k0 + at.salt}) * 2654435761, 4294967296) / 4294967296 AS u FROM bench_seq s WHERE s.n < ${batch.count}) t) g` +
    ' LEFT JOIN clients c ON c.id = g.client_id';
  const prefix = `${at.point.establishment}-${at.point.point}-01-`;
  return [sql, [at.range.cai, prefix, owner.name, owner.rtn, at.range.deadline, 'LEMPIRAS', at.start]];
}

/** The notes of one type at one point: one of every `every` live invoices, two days later, numbered in date order; one in 10 annulled. */
function notesOf(
  owner: Owner,
  at: {
    pointId: number;
    rangeId: number;
    range: RangePlan;
    point: PointPlan;
    type: 'creditNote' | 'debitNote';
    every: number;
    now: string;
  },
): Query {
  const share = at.type === 'creditNote' ? 0.4 : 0.05;
  const code = at.type === 'creditNote' ? '06' : '07';
  const sql =
    'INSERT INTO notes (company_id, document_type, emission_point_id, cai_range_id, cai, note_number, fiscal_number, note_date,' +
    ' cai_range_start, cai_range_end, cai_deadline, issuer_name, issuer_rtn, invoice_id, invoice_fiscal_number, invoice_cai, invoice_date,' +
    ' client_name, client_legal_id, is_exonerated, reason, importe, discount_total, exempted_amount, exonerated_amount, total_taxes, total,' +
    ' total_in_letters, is_annulled, annulled_at, annul_reason, created_at)' +
    ` SELECT ${owner.companyId}, ?, ${at.pointId}, ${at.rangeId}, ?, x.rn, CONCAT(?, LPAD(x.rn, 8, '0')), x.at, 1, ${at.range.end}, ?, ?, ?,` +
    ' x.id, x.fiscal_number, x.cai, x.invoice_date, x.client_name, x.client_legal_id, 0, ?, x.importe, 0, 0, 0, x.tax, x.importe + x.tax, ?,' +
    " MOD(x.rn, 10) = 0, IF(MOD(x.rn, 10) = 0, x.at, NULL), IF(MOD(x.rn, 10) = 0, 'Emitida por error', NULL), x.at" +
    ` FROM (SELECT i.id, i.fiscal_number, i.cai, i.invoice_date, i.client_name, i.client_legal_id, ROUND(i.importe * ${share}, 2) AS importe,` +
    ` ROUND(ROUND(i.importe * ${share}, 2) * 0.15, 2) AS tax, ROW_NUMBER() OVER (ORDER BY i.invoice_date, i.id) AS rn,` +
    ' LEAST(i.invoice_date + INTERVAL 2 DAY, CAST(? AS DATETIME(3))) AS at' +
    ` FROM invoices i WHERE i.emission_point_id = ${at.pointId} AND i.is_annulled = 0 AND MOD(i.invoice_number + ${at.type === 'creditNote' ? 0 : 7}, ${at.every}) = 0) x`;
  const reason = at.type === 'creditNote' ? 'Devolución de mercadería' : 'Flete';
  return [
    sql,
    [
      at.type,
      at.range.cai,
      `${at.point.establishment}-${at.point.point}-${code}-`,
      at.range.deadline,
      owner.name,
      owner.rtn,
      reason,
      'LEMPIRAS',
      at.now,
    ],
  ];
}
