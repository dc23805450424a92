import type { ReactNode } from 'react';
import { formatTick, type ValueStyle } from '../format/format-value.js';
import type { LinearScale } from './scale.js';

/** The drawing of a chart: an SVG image of the given size, named for assistive technology. */
export function ChartSvg(props: {
  width: number;
  height: number;
  title: string;
  /** What the chart shows, read out in place of the drawing. */
  label: string;
  children: ReactNode;
}) {
  const { width, height, title, label, children } = props;
  return (
    <svg
      className="chart-svg"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
    >
      <title>{title}</title>
      {children}
    </svg>
  );
}

/** Horizontal grid lines at the value ticks of a vertical chart, each labelled at the left. */
export function ValueGridlines(props: {
  y: LinearScale;
  /** Where the lines start (the plot's left edge; labels end just before it) and end. */
  from: number;
  to: number;
  style: ValueStyle;
  locale?: string | undefined;
}) {
  const { y, from, to, style, locale } = props;
  return y.ticks.map((tick) => (
    <g key={tick}>
      <line className="grid" x1={from} x2={to} y1={y(tick)} y2={y(tick)} />
      <text className="tick" x={from - 6} y={y(tick) + 4} textAnchor="end">
        {formatTick(tick, style, locale)}
      </text>
    </g>
  ));
}

/**
 * The value ticks of a horizontal value axis (histogram, box plot, scatter): labels along the
 * bottom of a chart `height` tall, and with `grid` a vertical line at each tick above them.
 */
export function XTicks(props: {
  x: LinearScale;
  height: number;
  style: ValueStyle;
  locale?: string | undefined;
  grid?: boolean;
}) {
  const { x, height, style, locale, grid = false } = props;
  return x.ticks.map((tick) => (
    <g key={tick}>
      {grid ? <line className="grid" x1={x(tick)} x2={x(tick)} y1={0} y2={height - 24} /> : null}
      <text className="tick" x={x(tick)} y={height - 8} textAnchor="middle">
        {formatTick(tick, style, locale)}
      </text>
    </g>
  ));
}
