import type { AnswerTable, ChartField, ChartSpec } from '@ask-analyst/protocol';
import { formatTick, formatValue, type ValueStyle } from '../format/format-value.js';
import { ChartSvg, ValueGridlines } from './chart-frame.js';
import { categoriesOf } from './chart-data.js';
import { Legend } from './legend.js';
import { clipAll, linearScale } from './scale.js';
import { useTooltip } from './tooltip.js';

type BarSpec = Extract<ChartSpec, { type: 'bar' }>;

/** Narrower vertical bands than this are drawn horizontally, so labels stay readable at 320 px. */
const MIN_BAND = 28;
const ROW = 22;
/** Average width of a character of the 11 px tick and value labels. */
const CHAR = 6.5;

/**
 * Bars by category, optionally grouped by series; vertical or horizontal as the spec says (or as
 * the width needs). Each bar carries its value as a label when it fits, and as a tooltip on hover
 * and keyboard focus. Past 15 categories the largest are drawn, with "and N more".
 */
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
  // An empty category is named as one, never a bare dash among the labels.
  const labelOf = (index: number) => {
    const category = data.categories[index] ?? null;
    return category === null || category === '' ? '(empty)' : formatValue(category, xStyle, locale);
  };
  const shortLabels = (chars: number) =>
    clipAll(
      data.categories.map((_, i) => labelOf(i)),
      chars,
    );
  const valueText = (value: number) => formatValue(value, yStyle, locale);
  const seriesName = (s: number) =>
    groups > 1 ? `${formatValue(data.series[s] ?? null, seriesStyle, locale)}, ` : '';
  const tip = useTooltip();
  const horizontal =
    spec.orientation === 'horizontal' ||
    (width - 56) / Math.max(1, data.categories.length) < MIN_BAND;
  const widestValue = Math.max(...all.map((v) => valueText(v).length), 1) * CHAR;
  let body;
  let height: number;
  if (horizontal) {
    const longest = Math.max(...data.categories.map((_, i) => labelOf(i).length), 1);
    const left = Math.min(Math.floor(width * 0.4), longest * CHAR + 8);
    const band = ROW * Math.max(1, groups) + 8;
    const short = shortLabels(Math.floor(left / CHAR));
    height = data.categories.length * band + 28;
    // Room on the right for the value written after the longest bar.
    const x = linearScale(all, [left, width - 12 - widestValue], {
      zero: true,
      count: width < 400 ? 3 : 5,
    });
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
              {short[c]}
            </text>
            {data.values.map((line, s) => {
              const value = line[c];
              if (value === null || value === undefined) return null;
              const from = x(Math.min(0, value));
              const end = Math.max(x(value), x(0));
              const top = c * band + 4 + s * ROW;
              return (
                <g key={s}>
                  <rect
                    className={`bar series-${s}`}
                    x={from}
                    y={top}
                    width={Math.max(1, Math.abs(x(value) - x(0)))}
                    height={ROW - 4}
                    {...tip.bind(`${labelOf(c)}: ${seriesName(s)}${valueText(value)}`, end, top)}
                  />
                  <text className="value-label" x={end + 4} y={top + ROW / 2 + 2}>
                    {valueText(value)}
                  </text>
                </g>
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
    const y = linearScale(all, [height - bottom, 22], { zero: true });
    const band = (width - left - 8) / Math.max(1, data.categories.length);
    const barWidth = Math.max(2, (band * 0.8) / Math.max(1, groups));
    const labelled = barWidth >= widestValue;
    const short = shortLabels(Math.max(2, Math.floor(band / CHAR)));
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
              {short[c]}
            </text>
            {data.values.map((line, s) => {
              const value = line[c];
              if (value === null || value === undefined) return null;
              const x = left + c * band + band * 0.1 + s * barWidth;
              const top = Math.min(y(value), y(0));
              return (
                <g key={s}>
                  <rect
                    className={`bar series-${s}`}
                    x={x}
                    y={top}
                    width={barWidth}
                    height={Math.max(1, Math.abs(y(0) - y(value)))}
                    {...tip.bind(
                      `${labelOf(c)}: ${seriesName(s)}${valueText(value)}`,
                      x + barWidth / 2,
                      top,
                    )}
                  />
                  {labelled ? (
                    <text
                      className="value-label"
                      x={x + barWidth / 2}
                      y={top - 4}
                      textAnchor="middle"
                    >
                      {valueText(value)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </g>
        ))}
      </>
    );
  }
  return (
    <>
      <Legend series={data.series} style={seriesStyle} locale={locale} />
      <div className="chart-plot">
        <ChartSvg
          width={width}
          height={height}
          title={spec.title}
          label={`${spec.title}: bar chart of ${spec.y.label} by ${spec.x.label}`}
        >
          {body}
        </ChartSvg>
        {tip.view}
      </div>
      {data.omitted.categories > 0 || data.omitted.series > 0 ? (
        <p className="chart-more" data-testid="more">
          {data.omitted.categories > 0
            ? `The ${data.categories.length} largest of ${(data.categories.length + data.omitted.categories).toLocaleString(locale)}, and ${data.omitted.categories.toLocaleString(locale)} more in the table.`
            : ''}
          {data.omitted.series > 0
            ? ` The first ${data.series.length} series; the table has all ${data.series.length + data.omitted.series}.`
            : ''}
        </p>
      ) : null}
    </>
  );
}
