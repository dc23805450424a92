import type { AnswerTable, ChartField, ChartSpec } from '@ask-analyst/protocol';
import { formatTick, formatValue, type ValueStyle } from '../format/format-value.js';
import { ChartSvg, ValueGridlines } from './chart-frame.js';
import { categoriesOf } from './chart-data.js';
import { Legend } from './legend.js';
import { clip, linearScale } from './scale.js';

type BarSpec = Extract<ChartSpec, { type: 'bar' }>;

/** Narrower vertical bands than this are drawn horizontally, so labels stay readable at 320 px. */
const MIN_BAND = 28;
const ROW = 22;

/** Bars by category, optionally grouped by series; vertical or horizontal as the spec says. */
export function BarChart(props: {
  spec: BarSpec;
  table: AnswerTable;
  width: number;
  styleOf: (field: ChartField) => ValueStyle;
  locale?: string | undefined;
}) {
  const { spec, table, width, styleOf, locale } = props;
  const xStyle = styleOf(spec.x);
  const data = categoriesOf(table, spec.x, spec.y, spec.series);
  const yStyle = styleOf(spec.y);
  const seriesStyle: ValueStyle = { format: spec.series?.format ?? 'text' };
  const groups = data.series.length;
  const all = data.values.flat().filter((v): v is number => v !== null);
  const labelOf = (index: number) => formatValue(data.categories[index] ?? null, xStyle, locale);
  const horizontal =
    spec.orientation === 'horizontal' ||
    (width - 56) / Math.max(1, data.categories.length) < MIN_BAND;

  let body;
  let height: number;
  if (horizontal) {
    const longest = Math.max(...data.categories.map((_, i) => labelOf(i).length), 1);
    const left = Math.min(Math.floor(width * 0.4), longest * 7 + 8);
    const band = ROW * Math.max(1, groups) + 8;
    height = data.categories.length * band + 28;
    const x = linearScale(all, [left, width - 12], { zero: true, count: width < 400 ? 3 : 5 });
    body = (
      <>
        {x.ticks.map((tick) => (
          <g key={tick}>
            <line className="grid" x1={x(tick)} x2={x(tick)} y1={0} y2={height - 24} />
            <text className="tick" x={x(tick)} y={height - 8} textAnchor="middle">
              {formatTick(tick, yStyle, locale)}
            </text>
          </g>
        ))}
        {data.categories.map((_, c) => (
          <g key={c}>
            <text className="tick" x={left - 6} y={c * band + band / 2 + 4} textAnchor="end">
              <title>{labelOf(c)}</title>
              {clip(labelOf(c), Math.floor(left / 7))}
            </text>
            {data.values.map((line, s) => {
              const value = line[c];
              if (value === null || value === undefined) return null;
              const from = x(Math.min(0, value));
              return (
                <rect
                  key={s}
                  className={`bar series-${s}`}
                  x={from}
                  y={c * band + 4 + s * ROW}
                  width={Math.max(1, Math.abs(x(value) - x(0)))}
                  height={ROW - 4}
                >
                  <title>{`${labelOf(c)}: ${formatValue(value, yStyle, locale)}`}</title>
                </rect>
              );
            })}
          </g>
        ))}
      </>
    );
  } else {
    height = 240;
    const left = 52;
    const bottom = 28;
    const y = linearScale(all, [height - bottom, 8], { zero: true });
    const band = (width - left - 8) / Math.max(1, data.categories.length);
    const barWidth = Math.max(2, (band * 0.8) / Math.max(1, groups));
    body = (
      <>
        <ValueGridlines y={y} from={left} to={width - 8} style={yStyle} locale={locale} />
        {data.categories.map((_, c) => (
          <g key={c}>
            <text
              className="tick"
              x={left + c * band + band / 2}
              y={height - 10}
              textAnchor="middle"
            >
              <title>{labelOf(c)}</title>
              {clip(labelOf(c), Math.max(2, Math.floor(band / 7)))}
            </text>
            {data.values.map((line, s) => {
              const value = line[c];
              if (value === null || value === undefined) return null;
              return (
                <rect
                  key={s}
                  className={`bar series-${s}`}
                  x={left + c * band + band * 0.1 + s * barWidth}
                  y={Math.min(y(value), y(0))}
                  width={barWidth}
                  height={Math.max(1, Math.abs(y(0) - y(value)))}
                >
                  <title>{`${labelOf(c)}: ${formatValue(value, yStyle, locale)}`}</title>
                </rect>
              );
            })}
          </g>
        ))}
      </>
    );
  }

  return (
    <>
      <ChartSvg
        width={width}
        height={height}
        title={spec.title}
        label={`${spec.title}: bar chart of ${spec.y.label} by ${spec.x.label}`}
      >
        {body}
      </ChartSvg>
      <Legend series={data.series} style={seriesStyle} locale={locale} />
      {data.omitted.categories > 0 || data.omitted.series > 0 ? (
        <p className="muted">
          The chart shows the first {data.categories.length} categories
          {data.omitted.series > 0 ? ` and ${data.series.length} series` : ''}; the table has them
          all.
        </p>
      ) : null}
    </>
  );
}
