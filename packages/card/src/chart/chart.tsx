import type { Answer, ChartField } from '@ask-analyst/protocol';
import type { ValueStyle } from '../format/format-value.js';
import { BarChart } from './bar-chart.js';
import { categoriesOf, linesOf } from './chart-data.js';
import { KpiChart } from './kpi-chart.js';
import { LineChart } from './line-chart.js';
import { partialLastPeriod } from './partial-period.js';
import { BoxplotChart, HistogramChart, ScatterChart } from './stat-charts.js';
import { useWidth } from './use-width.js';

/**
 * The chart the answer's spec asks for, drawn as SVG of the card's own. Nothing is drawn for a
 * table-only answer, an empty result, or a kind added to the protocol after this card (the
 * table shows its rows).
 */
export function Chart(props: {
  answer: Answer;
  /** How each column is written (the table's styles): the chart writes values the same way. */
  styles: ReadonlyMap<string, ValueStyle>;
  locale?: string | undefined;
  /** When the answer was computed (epoch ms): a period not over by then is marked partial. */
  asOf?: number | undefined;
}) {
  const { answer, styles, locale, asOf } = props;
  const styleOf = (field: ChartField): ValueStyle =>
    styles.get(field.column) ?? { format: field.format };
  const [ref, width] = useWidth<HTMLElement>(560);
  const spec = answer.chart;
  if (!spec || answer.table.rows.length === 0) return null;
  const common = { table: answer.table, width, styleOf, locale };
  const drawn =
    spec.type === 'kpi' ? (
      <KpiChart spec={spec} table={answer.table} width={width} styleOf={styleOf} locale={locale} />
    ) : spec.type === 'bar' ? (
      <BarChart spec={spec} table={answer.table} width={width} styleOf={styleOf} locale={locale} />
    ) : spec.type === 'line' ? (
      <LineChart
        spec={spec}
        table={answer.table}
        width={width}
        styleOf={styleOf}
        locale={locale}
        partial={partialLastPeriod(answer, asOf ?? Date.now())}
      />
    ) : spec.type === 'histogram' ? (
      <HistogramChart {...common} spec={spec} />
    ) : spec.type === 'boxplot' ? (
      <BoxplotChart {...common} spec={spec} />
    ) : spec.type === 'scatter' ? (
      <ScatterChart {...common} spec={spec} />
    ) : null;
  if (!drawn) return null;
  return (
    <figure className="chart" data-testid="chart" ref={ref}>
      <figcaption className="chart-title">{spec.title}</figcaption>
      {drawn}
    </figure>
  );
}

/**
 * Whether the chart the card draws for this answer shows every row of its table (no category or
 * series left out), so the table can start collapsed.
 */
export function chartShowsEveryRow(answer: Answer): boolean {
  const spec = answer.chart;
  if (!spec || answer.table.rows.length === 0) return false;
  switch (spec.type) {
    case 'kpi':
      return answer.table.rows.length === 1;
    case 'bar': {
      const { omitted } = categoriesOf(answer.table, spec.x, spec.y, spec.series);
      return omitted.categories === 0 && omitted.series === 0;
    }
    case 'line':
      return linesOf(answer.table, spec.x, spec.y, spec.series).omittedSeries === 0;
    case 'histogram':
      return true;
    default:
      return false;
  }
}
