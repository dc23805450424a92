import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChartSvg, ValueGridlines, XTicks } from './chart-frame.js';
import { linearScale } from './scale.js';

describe('the chart frame', () => {
  it('is an image named for assistive technology, with its title and the given size', () => {
    render(
      <ChartSvg width={320} height={240} title="Sales" label="Sales: bar chart of revenue by month">
        <rect />
      </ChartSvg>,
    );
    const svg = screen.getByRole('img', { name: 'Sales: bar chart of revenue by month' });
    expect(svg.getAttribute('viewBox')).toBe('0 0 320 240');
    expect(svg.querySelector('title')?.textContent).toBe('Sales');
    expect(svg.querySelector('rect')).not.toBeNull();
  });

  it('draws a gridline at each value tick, labelled left of the plot in the value format', () => {
    const y = linearScale([0, 1_500], [212, 8], { zero: true });
    const { container } = render(
      <svg>
        <ValueGridlines y={y} from={52} to={312} style={{ format: 'number' }} locale="en-US" />
      </svg>,
    );
    const lines = [...container.querySelectorAll('line.grid')];
    expect(lines).toHaveLength(y.ticks.length);
    for (const [i, line] of lines.entries()) {
      expect(line.getAttribute('x1')).toBe('52');
      expect(line.getAttribute('x2')).toBe('312');
      expect(Number(line.getAttribute('y1'))).toBeCloseTo(y(y.ticks[i]!));
    }
    const labels = [...container.querySelectorAll('text.tick')].map((text) => text.textContent);
    expect(labels).toEqual(['0', '500', '1K', '1.5K']);
    expect(container.querySelector('text.tick')?.getAttribute('x')).toBe('46');
  });

  it('labels the value ticks of a horizontal axis along the bottom, with grid lines on request', () => {
    const x = linearScale([40, 160], [52, 308], { zero: false, count: 3 });
    const plain = render(
      <svg>
        <XTicks x={x} height={240} style={{ format: 'number' }} locale="en-US" />
      </svg>,
    );
    const labels = [...plain.container.querySelectorAll('text.tick')];
    expect(labels.map((text) => text.textContent)).toEqual(x.ticks.map(String));
    for (const [i, text] of labels.entries()) {
      expect(Number(text.getAttribute('x'))).toBeCloseTo(x(x.ticks[i]!));
      expect(text.getAttribute('y')).toBe('232');
    }
    expect(plain.container.querySelector('line.grid')).toBeNull();
    plain.unmount();
    const { container } = render(
      <svg>
        <XTicks x={x} height={240} style={{ format: 'number' }} locale="en-US" grid />
      </svg>,
    );
    const lines = [...container.querySelectorAll('line.grid')];
    expect(lines).toHaveLength(x.ticks.length);
    expect(lines[0]?.getAttribute('y2')).toBe('216');
  });
});
