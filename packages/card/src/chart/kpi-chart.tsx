import type { AnswerTable, ChartField, ChartSpec } from '@ask-analyst/protocol';
import { formatValue, type ValueStyle } from '../format/format-value.js';
import { ChartSvg } from './chart-frame.js';
import { columnIndex } from './chart-data.js';

type KpiSpec = Extract<ChartSpec, { type: 'kpi' }>;

/** A single number, large, with its label (an SVG, like every chart of the card). */
export function KpiChart(props: {
  spec: KpiSpec;
  table: AnswerTable;
  width: number;
  styleOf: (field: ChartField) => ValueStyle;
  locale?: string | undefined;
}) {
  const { spec, table, width, styleOf, locale } = props;
  const index = columnIndex(table, spec.value);
  const value = table.rows[0]?.[index] ?? null;
  const text = formatValue(value, styleOf(spec.value), locale);
  const size = Math.max(24, Math.min(48, (width / Math.max(4, text.length)) * 1.6));
  return (
    <ChartSvg
      width={width}
      height={size + 40}
      title={`${spec.title}: ${text}`}
      label={`${spec.value.label}: ${text}`}
    >
      <text x={0} y={size} className="kpi-value" fontSize={size}>
        {text}
      </text>
      <text x={0} y={size + 28} className="kpi-label">
        {spec.value.label}
      </text>
    </ChartSvg>
  );
}
