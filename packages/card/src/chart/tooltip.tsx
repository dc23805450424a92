import { useState } from 'react';

/** What a chart mark shows on hover or focus: its label and value, in HTML, readable. */
export interface Tip {
  x: number;
  y: number;
  text: string;
}

/**
 * A tooltip for the marks of a chart: `bind(text, x, y)` gives a mark the handlers that show it
 * on pointer hover and keyboard focus; `view` is the tooltip, placed over the chart's figure.
 */
export function useTooltip() {
  const [tip, setTip] = useState<Tip | null>(null);
  const bind = (text: string, x: number, y: number) => ({
    tabIndex: 0,
    role: 'img',
    'aria-label': text,
    onMouseEnter: () => setTip({ x, y, text }),
    onMouseLeave: () => setTip(null),
    onFocus: () => setTip({ x, y, text }),
    onBlur: () => setTip(null),
  });
  const view = tip ? (
    <div className="chart-tip" role="tooltip" style={{ left: tip.x, top: tip.y }}>
      {tip.text}
    </div>
  ) : null;
  return { bind, view };
}
