import type { AnswerTable, Cell, ChartField, ChartSpec } from '@ask-analyst/protocol';
import { formatValue, type ValueStyle } from '../format/format-value.js';
import { ChartSvg, ValueGridlines, XTicks } from './chart-frame.js';
import { columnIndex, numberOf } from './chart-data.js';
import { Legend } from './legend.js';
import { clip, linearScale } from './scale.js';
import { useTooltip } from './tooltip.js';

type Spec<T extends ChartSpec['type']> = Extract<ChartSpec, { type: T }>;

interface StatProps<T extends ChartSpec['type']> {
  spec: Spec<T>;
  table: AnswerTable;
  width: number;
  styleOf: (field: ChartField) => ValueStyle;
  locale?: string | undefined;
}

const CHAR = 6.5;

/** The numbers of a column, row by row (null where a cell is empty or not a number). */
function numbers(table: AnswerTable, field: ChartField): Array<number | null> {
  const index = columnIndex(table, field);
  return table.rows.map((row) => numberOf(row[index]));
}

/** Binned counts: each row a bin from `x` to `x2` holding `y` rows, bars side by side. */
export function HistogramChart(props: StatProps<'histogram'>) {
  const { spec, table, width, styleOf, locale } = props;
  const from = numbers(table, spec.x);
  const to = numbers(table, spec.x2);
  const counts = numbers(table, spec.y);
  const bins = from.flatMap((low, i) => {
    const high = to[i];
    const count = counts[i];
    return low !== null && high !== null && high != null && count != null
      ? [{ low, high, count }]
      : [];
  });
  const tip = useTooltip();
  const height = 240;
  const left = 52;
  const x = linearScale(
    bins.flatMap((b) => [b.low, b.high]),
    [left, width - 12],
    { zero: false, count: width < 400 ? 3 : 5 },
  );
  const y = linearScale(
    bins.map((b) => b.count),
    [height - 28, 8],
    { zero: true },
  );
  const xStyle = styleOf(spec.x);
  const yStyle = styleOf(spec.y);
  return (
    <div className="chart-plot">
      <ChartSvg
        width={width}
        height={height}
        title={spec.title}
        label={`${spec.title}: histogram of ${spec.y.label} by ${spec.x.label}`}
      >
        <ValueGridlines y={y} from={left} to={width - 12} style={yStyle} locale={locale} />
        <XTicks x={x} height={height} style={xStyle} locale={locale} />
        {bins.map((bin, i) => (
          <rect
            key={i}
            className="bar series-0"
            x={x(bin.low) + 0.5}
            y={y(bin.count)}
            width={Math.max(1, x(bin.high) - x(bin.low) - 1)}
            height={Math.max(0, y(0) - y(bin.count))}
            {...tip.bind(
              `${formatValue(bin.low, xStyle, locale)} to ${formatValue(bin.high, xStyle, locale)}: ${formatValue(bin.count, yStyle, locale)}`,
              (x(bin.low) + x(bin.high)) / 2,
              y(bin.count),
            )}
          />
        ))}
      </ChartSvg>
      {tip.view}
    </div>
  );
}

/** Quartiles: one box a group (or one box), whiskers from min to max, the median marked. */
export function BoxplotChart(props: StatProps<'boxplot'>) {
  const { spec, table, width, styleOf, locale } = props;
  const groups = spec.x ? table.rows.map((row) => row[columnIndex(table, spec.x)] ?? null) : [''];
  const [min, q1, median, q3, max] = [spec.min, spec.q1, spec.median, spec.q3, spec.max].map(
    (field) => numbers(table, field),
  );
  const style = styleOf(spec.median);
  const groupStyle: ValueStyle = spec.x ? styleOf(spec.x) : { format: 'text' };
  const label = (cell: Cell) => formatValue(cell, groupStyle, locale);
  const boxes = groups.slice(0, 20).flatMap((group, i) => {
    const five = [min?.[i], q1?.[i], median?.[i], q3?.[i], max?.[i]];
    return five.every((v): v is number => typeof v === 'number') ? [{ group, values: five }] : [];
  });
  const tip = useTooltip();
  const longest = spec.x ? Math.max(...boxes.map((b) => label(b.group).length), 1) : 0;
  const left = spec.x ? Math.min(Math.floor(width * 0.35), longest * CHAR + 8) : 12;
  const band = 34;
  const height = boxes.length * band + 28;
  const x = linearScale(
    boxes.flatMap((b) => b.values),
    [left, width - 12],
    { zero: false, count: width < 400 ? 3 : 5 },
  );
  const text = (v: number) => formatValue(v, style, locale);
  return (
    <div className="chart-plot">
      <ChartSvg
        width={width}
        height={height}
        title={spec.title}
        label={`${spec.title}: box plot of ${spec.median.label}${spec.x ? ` by ${spec.x.label}` : ''}`}
      >
        <XTicks x={x} height={height} style={style} locale={locale} grid />
        {boxes.map((box, i) => {
          const [lo, a, m, b, hi] = box.values as [number, number, number, number, number];
          const mid = i * band + band / 2;
          return (
            <g key={i}>
              {spec.x ? (
                <text className="tick" x={left - 6} y={mid + 4} textAnchor="end">
                  {clip(label(box.group), Math.floor(left / CHAR))}
                </text>
              ) : null}
              <line className="whisker" x1={x(lo)} x2={x(hi)} y1={mid} y2={mid} />
              <line className="whisker" x1={x(lo)} x2={x(lo)} y1={mid - 6} y2={mid + 6} />
              <line className="whisker" x1={x(hi)} x2={x(hi)} y1={mid - 6} y2={mid + 6} />
              <rect
                className="box series-0"
                x={x(a)}
                y={mid - 10}
                width={Math.max(1, x(b) - x(a))}
                height={20}
                {...tip.bind(
                  `${spec.x ? `${label(box.group)}: ` : ''}median ${text(m)}, middle half ${text(a)} to ${text(b)}, range ${text(lo)} to ${text(hi)}`,
                  x(m),
                  mid - 10,
                )}
              />
              <line className="median" x1={x(m)} x2={x(m)} y1={mid - 10} y2={mid + 10} />
            </g>
          );
        })}
      </ChartSvg>
      {tip.view}
    </div>
  );
}

/** How strong a correlation reads, in words. */
function strength(r: number): string {
  const size = Math.abs(r);
  const word =
    size >= 0.7 ? 'strong' : size >= 0.4 ? 'moderate' : size >= 0.2 ? 'weak' : 'no clear';
  return size < 0.2 ? 'no clear relationship' : `${word} ${r > 0 ? 'positive' : 'negative'}`;
}

/** One point a row, coloured by series, with the correlation written above the drawing. */
export function ScatterChart(props: StatProps<'scatter'>) {
  const { spec, table, width, styleOf, locale } = props;
  const xs = numbers(table, spec.x);
  const ys = numbers(table, spec.y);
  const si = columnIndex(table, spec.series);
  const names: Cell[] = [];
  const seriesOf = new Map<string, number>();
  const points = xs.flatMap((px, i) => {
    const py = ys[i];
    if (px === null || py === null || py === undefined) return [];
    const name = si >= 0 ? (table.rows[i]?.[si] ?? null) : '';
    const key = String(name);
    if (!seriesOf.has(key)) {
      seriesOf.set(key, names.length);
      names.push(name);
    }
    return [{ px, py, s: Math.min(7, seriesOf.get(key) ?? 0) }];
  });
  const tip = useTooltip();
  const height = 260;
  const left = 52;
  const xStyle = styleOf(spec.x);
  const yStyle = styleOf(spec.y);
  const x = linearScale(
    points.map((p) => p.px),
    [left, width - 12],
    { zero: false, count: width < 400 ? 3 : 5 },
  );
  const y = linearScale(
    points.map((p) => p.py),
    [height - 28, 8],
    { zero: false },
  );
  const r = spec.correlation;
  return (
    <>
      <p className="chart-note" data-testid="correlation">
        {r === null
          ? 'Correlation: not defined for these values.'
          : `Correlation r = ${r.toFixed(2)}: ${strength(r)}.`}
        {spec.sampled ? ' A fixed sample of the rows is drawn.' : ''}
      </p>
      <Legend
        series={names.slice(0, 8)}
        style={spec.series ? styleOf(spec.series) : { format: 'text' }}
        locale={locale}
      />
      <div className="chart-plot">
        <ChartSvg
          width={width}
          height={height}
          title={spec.title}
          label={`${spec.title}: scatter plot of ${spec.y.label} against ${spec.x.label}`}
        >
          <ValueGridlines y={y} from={left} to={width - 12} style={yStyle} locale={locale} />
          <XTicks x={x} height={height} style={xStyle} locale={locale} />
          {points.map((p, i) => (
            <circle
              key={i}
              className={`dot series-${p.s}`}
              cx={x(p.px)}
              cy={y(p.py)}
              r={3}
              {...(points.length <= 60
                ? tip.bind(
                    `${spec.x.label} ${formatValue(p.px, xStyle, locale)}, ${spec.y.label} ${formatValue(p.py, yStyle, locale)}`,
                    x(p.px),
                    y(p.py),
                  )
                : {})}
            />
          ))}
        </ChartSvg>
        {tip.view}
      </div>
    </>
  );
}
