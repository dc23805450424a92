/**
 * Calendar ticks for a time axis: the first day of years, quarters, months, weeks or days
 * (UTC, as dates travel), at a step that fits about `count` labels. Ticks fall on calendar
 * boundaries, not on evenly spread data points (2000, 2002, 2003, 2005 read as a broken axis).
 */
export interface TimeTick {
  time: number;
  label: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = 86_400_000;

type Unit = { kind: 'year' | 'month' | 'day'; step: number };

const UNITS: Unit[] = [
  { kind: 'day', step: 1 },
  { kind: 'day', step: 2 },
  { kind: 'day', step: 7 },
  { kind: 'day', step: 14 },
  { kind: 'month', step: 1 },
  { kind: 'month', step: 3 },
  { kind: 'month', step: 6 },
  { kind: 'year', step: 1 },
  { kind: 'year', step: 2 },
  { kind: 'year', step: 5 },
  { kind: 'year', step: 10 },
  { kind: 'year', step: 25 },
  { kind: 'year', step: 50 },
  { kind: 'year', step: 100 },
];

function approxMs(unit: Unit): number {
  return (
    unit.step * (unit.kind === 'year' ? 365.25 * DAY : unit.kind === 'month' ? 30.44 * DAY : DAY)
  );
}

function boundaries(from: number, to: number, unit: Unit): number[] {
  const start = new Date(from);
  const times: number[] = [];
  if (unit.kind === 'year') {
    let year = Math.ceil(start.getUTCFullYear() / unit.step) * unit.step;
    if (Date.UTC(year, 0, 1) < from) year += unit.step;
    for (let t = Date.UTC(year, 0, 1); t <= to; t = Date.UTC((year += unit.step), 0, 1)) {
      times.push(t);
    }
  } else if (unit.kind === 'month') {
    let month = start.getUTCFullYear() * 12 + start.getUTCMonth();
    month = Math.ceil(month / unit.step) * unit.step;
    for (;;) {
      const t = Date.UTC(Math.floor(month / 12), month % 12, 1);
      if (t > to) break;
      if (t >= from) times.push(t);
      month += unit.step;
    }
  } else {
    // Days from the first whole day; weeks and fortnights step from it.
    const first = Math.ceil(from / DAY) * DAY;
    for (let t = first; t <= to; t += unit.step * DAY) times.push(t);
  }
  return times;
}

/** Ticks between `from` and `to` (epoch ms), about `count` of them, labelled by their calendar unit. */
export function timeTicks(from: number, to: number, count: number): TimeTick[] {
  if (!(to > from)) {
    return [{ time: from, label: labelOf(from, { kind: 'day', step: 1 }, true) }];
  }
  const span = to - from;
  const unit = UNITS.find((u) => span / approxMs(u) <= Math.max(1, count)) ?? UNITS.at(-1)!;
  const times = boundaries(from, to, unit);
  return times.map((time, index) => ({
    time,
    label: labelOf(time, unit, index === 0),
  }));
}

/** A tick's label: the year where it changes (and on the first tick), else the shorter unit. */
function labelOf(time: number, unit: Unit, first: boolean): string {
  const date = new Date(time);
  const year = date.getUTCFullYear();
  const month = MONTHS[date.getUTCMonth()] ?? '';
  if (unit.kind === 'year') return String(year);
  if (unit.kind === 'month') {
    const newYear = first || date.getUTCMonth() === 0;
    if (unit.step === 3)
      return `Q${Math.floor(date.getUTCMonth() / 3) + 1}${newYear ? ` ${year}` : ''}`;
    return newYear ? `${month} ${year}` : month;
  }
  const newYear = first || (date.getUTCMonth() === 0 && date.getUTCDate() <= unit.step);
  return newYear ? `${month} ${date.getUTCDate()}, ${year}` : `${month} ${date.getUTCDate()}`;
}
