import type { Cell } from '@ask-analyst/protocol';
import { formatValue, type ValueStyle } from '../format/format-value.js';

/** The series of a chart, named with their colours. */
export function Legend(props: { series: Cell[]; style: ValueStyle; locale?: string }) {
  if (props.series.length < 2) return null;
  return (
    <ul className="legend" aria-label="Series">
      {props.series.map((name, index) => (
        <li key={index}>
          <span className={`swatch series-${index}`} aria-hidden="true" />
          <span className="cell-text">{formatValue(name, props.style, props.locale)}</span>
        </li>
      ))}
    </ul>
  );
}
