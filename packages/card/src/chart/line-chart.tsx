import type { AnswerTable, ChartField, ChartSpec } from '@ask-analyst/protocol';
import { formatValue, type ValueStyle } from '../format/format-value.js';
import { ChartSvg, ValueGridlines } from './chart-frame.js';
import { linesOf } from './chart-data.js';
import { Legend } from './legend.js';
import type { PartialPeriod } from './partial-period.js';
import { clip, linearScale, spreadIndices } from './scale.js';
import { timeTicks } from './time-ticks.js';
import { useTooltip } from './tooltip.js';

type LineSpec = Extract<ChartSpec, { type: 'line' }>;

/** A time series (or any ordered x), one line a series. */
export function LineChart(props: {
  spec: LineSpec;
  table: AnswerTable;
  width: number;
  styleOf: (field: ChartField) => ValueStyle;
  locale?: string | undefined;
  /** The last period, still running when the answer was computed: drawn dashed, with a note. */
  partial?: PartialPeriod | null | undefined;
}) {
  const { spec, table, width, styleOf, locale, partial = null } = props;
  const xStyle = styleOf(spec.x);
  const data = linesOf(table, spec.x, spec.y, spec.series);
  const yStyle = styleOf(spec.y);
  const height = 240;
  const left = 52;
  const bottom = 28;
  const right = 16;
  const y = linearScale(
    data.series.flatMap((line) => line.points.map((p) => p.y)),
    [height - bottom, 8],
    { zero: false },
  );
  const first = data.xs[0]?.x ?? 0;
  const last = data.xs.at(-1)?.x ?? 1;
  const x = (value: number) =>
    last === first
      ? (left + width - right) / 2
      : left + ((value - first) / (last - first)) * (width - left - right);
  const tickCount = Math.max(2, Math.floor((width - left) / 90));
  // A time axis gets calendar ticks (first of the year, quarter, month…); others spread indices.
  const xTicks =
    data.kind === 'time'
      ? timeTicks(first, last, tickCount).map((tick) => ({ x: tick.time, text: tick.label }))
      : spreadIndices(data.xs.length, tickCount).flatMap((i) => {
          const tick = data.xs[i];
          return tick ? [{ x: tick.x, text: formatValue(tick.label, xStyle, locale) }] : [];
        });
  const maxChars = Math.max(4, Math.floor((width - left) / tickCount / 7));
  const tip = useTooltip();
  const seriesStyle: ValueStyle = { format: spec.series?.format ?? 'text' };

  return (
    <>
      <Legend series={data.series.map((line) => line.name)} style={seriesStyle} locale={locale} />
      <div className="chart-plot">
        <ChartSvg
          width={width}
          height={height}
          title={spec.title}
          label={`${spec.title}: line chart of ${spec.y.label} by ${spec.x.label}`}
        >
          <ValueGridlines y={y} from={left} to={width - right} style={yStyle} locale={locale} />
          {xTicks.map((tick, i) => (
            <text
              key={i}
              className="tick"
              x={x(tick.x)}
              y={height - 8}
              textAnchor={
                x(tick.x) - left < 30 ? 'start' : width - right - x(tick.x) < 30 ? 'end' : 'middle'
              }
            >
              {clip(tick.text, maxChars)}
            </text>
          ))}
          {data.series.map((line, s) => {
            // Points of a partial last period hang from the last whole one by a dashed segment.
            const whole = partial ? line.points.filter((p) => p.x < partial.start) : line.points;
            const rest = line.points.slice(whole.length);
            const path = (points: typeof line.points) =>
              points.map((p) => `${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join(' ');
            return (
              <g key={s}>
                <polyline className={`line series-${s}`} fill="none" points={path(whole)} />
                {rest.length > 0 ? (
                  <polyline
                    className={`line series-${s} partial`}
                    fill="none"
                    points={path([...whole.slice(-1), ...rest])}
                  />
                ) : null}
                {line.points.length <= 60
                  ? line.points.map((p, i) => (
                      <circle
                        key={i}
                        className={`dot series-${s}${i >= whole.length ? ' partial' : ''}`}
                        cx={x(p.x)}
                        cy={y(p.y)}
                        r={3}
                        {...tip.bind(
                          `${formatValue(p.label, xStyle, locale)}: ${
                            data.series.length > 1
                              ? `${formatValue(line.name, seriesStyle, locale)}, `
                              : ''
                          }${formatValue(p.y, yStyle, locale)}${i >= whole.length ? (partial?.dataEnd === undefined ? ' (so far)' : ' (partial)') : ''}`,
                          x(p.x),
                          y(p.y),
                        )}
                      />
                    ))
                  : null}
              </g>
            );
          })}
        </ChartSvg>
        {tip.view}
      </div>
      {partial?.dataEnd !== undefined ? (
        <p className="chart-note" data-testid="partial-period">
          The data ends on{' '}
          {formatValue(new Date(partial.dataEnd).toISOString(), { format: 'date' }, locale)}:{' '}
          {formatValue(new Date(partial.start).toISOString(), xStyle, locale)} (dashed) holds only
          part of its {partial.grain}.
        </p>
      ) : partial ? (
        <p className="chart-note" data-testid="partial-period">
          {formatValue(new Date(partial.start).toISOString(), xStyle, locale)} was not over when
          this was answered: its value (dashed) covers only part of the {partial.grain}.
        </p>
      ) : null}
      {data.omittedSeries > 0 ? (
        <p className="muted">
          The chart shows the first {data.series.length} series; the table has them all.
        </p>
      ) : null}
    </>
  );
}
