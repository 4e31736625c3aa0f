import { FieldProblem, useRefused } from './form-echo';

/**
 * The `from` and `to` day fields of a GET search form (YYYY-MM-DD, as the page's query parser reads
 * them), refilled with what the query held. A refusal of `form` about either day is shown beside it.
 */
export function DayRangeFields({ from, to, form }: { from: string; to: string; form: string }) {
  const refused = useRefused(form);
  const field = (name: 'from' | 'to', label: string, value: string) => (
    <div>
      <label for={name}>{label}</label>
      <FieldProblem form={form} name={name} />
      <input id={name} name={name} type="date" value={value} {...refused(name)} />
    </div>
  );
  return (
    <>
      {field('from', 'Desde', from)}
      {field('to', 'Hasta', to)}
    </>
  );
}
