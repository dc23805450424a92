import { useLayoutEffect, useRef, useState } from 'react';

/** What a chart mark shows on hover or focus: its label and value, in HTML, readable. */
export interface Tip {
  x: number;
  y: number;
  text: string;
}

/** Space between a mark and its tooltip, in CSS pixels. */
const GAP = 8;

/**
 * Where a tooltip of `width` × `height` goes for a mark at (`x`, `y`) in a plot `boxWidth` wide:
 * centred above the mark, moved sideways to stay inside the plot (the card's frame is no wider at
 * 320 px), and below the mark when there is no room above it.
 */
export function placeTip(
  tip: Pick<Tip, 'x' | 'y'>,
  size: { width: number; height: number },
  boxWidth: number,
): { left: number; top: number } {
  const left = Math.max(0, Math.min(tip.x - size.width / 2, boxWidth - size.width));
  const above = tip.y - size.height - GAP;
  return { left, top: above >= 0 ? above : tip.y + GAP };
}

/** The tooltip itself: measured once drawn, then placed inside its plot (`.chart-plot`). */
function TipView({ tip }: { tip: Tip }) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    const box = element?.parentElement;
    if (!element || !box) return;
    setPlace(
      placeTip(tip, { width: element.offsetWidth, height: element.offsetHeight }, box.clientWidth),
    );
  }, [tip]);
  return (
    <div
      ref={ref}
      className="chart-tip"
      role="tooltip"
      // Hidden for the one layout pass that measures it, so it never shows out of place.
      style={place ? place : { left: 0, top: 0, visibility: 'hidden' }}
    >
      {tip.text}
    </div>
  );
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
  // Keyed by the mark, so a tooltip moving to another mark is measured again.
  const view = tip ? <TipView key={`${tip.x},${tip.y},${tip.text}`} tip={tip} /> : null;
  return { bind, view };
}
