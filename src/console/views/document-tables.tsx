import { DataTable } from './data-table';
import { formatLempiras } from './format';
import { documentState } from '../../domain/document-words';

/** A stored rate as printed: "15" for 15.0000. */
export function rateLabel(rate: string | null): string {
  return rate === null ? 'exento' : `${Number(rate)} %`;
}

interface TaxRow {
  rate: string;
  taxedAmount: string;
  taxAmount: string;
}

/** The amounts of an invoice or a note: exempt, exonerated, each rate's base and ISV, the total. */
export function AmountsTable({
  caption,
  amounts,
}: {
  caption: string;
  amounts: { importe: string; discountTotal: string; exemptedAmount: string; exoneratedAmount: string; taxes: TaxRow[]; total: string };
}) {
  return (
    <table class="amounts">
      <caption>{caption}</caption>
      <tbody>
        <tr>
          <th scope="row">Importe</th>
          <td class="num">{formatLempiras(amounts.importe)}</td>
        </tr>
        <tr>
          <th scope="row">Descuentos</th>
          <td class="num">{formatLempiras(amounts.discountTotal)}</td>
        </tr>
        <tr>
          <th scope="row">Importe exento</th>
          <td class="num">{formatLempiras(amounts.exemptedAmount)}</td>
        </tr>
        <tr>
          <th scope="row">Importe exonerado</th>
          <td class="num">{formatLempiras(amounts.exoneratedAmount)}</td>
        </tr>
        {amounts.taxes.map((t) => (
          <>
            <tr key={`base-${t.rate}`}>
              <th scope="row">Gravado {rateLabel(t.rate)}</th>
              <td class="num">{formatLempiras(t.taxedAmount)}</td>
            </tr>
            <tr key={`isv-${t.rate}`}>
              <th scope="row">ISV {rateLabel(t.rate)}</th>
              <td class="num">{formatLempiras(t.taxAmount)}</td>
            </tr>
          </>
        ))}
        <tr>
          <th scope="row">Total</th>
          <td class="num">
            <strong>{formatLempiras(amounts.total)}</strong>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** VIGENTE or ANULADA, as the sales register says it. */
export function DocumentStatus({ annulled }: { annulled: boolean }) {
  return <span class={annulled ? 'state state-EXPIRED' : 'state state-OK'}>{documentState(annulled)}</span>;
}

/** A line as both documents store it. */
export interface LineRow {
  /** The invoice line it is, or returns (null for a note's own line, such as a discount). */
  position: number | null;
  productCode: string | null;
  description: string;
  quantity: string;
  unitPrice: string;
  /** Quantity x unit price, before the discount: what the PDF prints as the line's Importe. */
  importe: string;
  discountAmount: string;
}

const FIGURE_COLUMNS = ['Cantidad', 'Precio', 'Descuento', 'Importe'].map((label) => ({ label, num: true as const }));

/** The lines of an invoice or a note, with the figures the PDF prints for each (its Importe before the discount). */
export function LinesTable({ lines, positionHeader }: { lines: LineRow[]; positionHeader: string }) {
  return (
    <DataTable caption="Líneas" columns={[positionHeader, 'Código', 'Descripción', ...FIGURE_COLUMNS]}>
      {lines.map((line, i) => (
        <tr key={i}>
          <td>{line.position ?? '—'}</td>
          <td>{line.productCode ?? ''}</td>
          <td>{line.description}</td>
          <td class="num">{Number(line.quantity)}</td>
          <td class="num">{formatLempiras(line.unitPrice)}</td>
          <td class="num">{formatLempiras(line.discountAmount)}</td>
          <td class="num">{formatLempiras(line.importe)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
