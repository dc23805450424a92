const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function utcMillis(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` calendar date, or undefined when it is not one. */
export function parseDate(text: string): number | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!validDay(year, month, day)) return undefined;
  return Math.round(utcMillis(year, month, day) / DAY_MS);
}

/**
 * Microseconds since the epoch (UTC) of an ISO 8601 timestamp such as `2001-01-01T08:30:00.000Z`:
 * a date alone means midnight, no offset means UTC, up to 6 fraction digits; else undefined.
 */
export function parseTimestamp(text: string): bigint | undefined {
  const match = TIMESTAMP.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [hour, minute, second] = [
    Number(match[4] ?? 0),
    Number(match[5] ?? 0),
    Number(match[6] ?? 0),
  ];
  if (!validDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  const zone = match[8];
  if (zone && zone !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const [offsetHours, offsetMins] = [Number(digits.slice(0, 2)), Number(digits.slice(2, 4))];
    if (offsetHours > 23 || offsetMins > 59) return undefined;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const fraction = BigInt((match[7] ?? '').padEnd(6, '0'));
  const millis =
    utcMillis(year, month, day) + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000;
  return BigInt(millis) * 1000n + fraction;
}

/** `YYYY-MM-DD` of days since the epoch. */
export function formatDate(days: number): string {
  const iso = new Date(days * DAY_MS).toISOString();
  return iso.slice(0, iso.indexOf('T'));
}

/** ISO 8601 UTC with milliseconds and `Z` of microseconds since the epoch (rounded down). */
export function formatTimestamp(micros: bigint): string {
  let millis = micros / 1000n;
  if (micros < 0n && millis * 1000n !== micros) millis -= 1n;
  return new Date(Number(millis)).toISOString();
}
