import { createHash } from 'node:crypto';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (char) => ESCAPES[char] ?? char);
}

/**
 * A tagged template whose interpolations are escaped unless wrapped in `raw()`. (Not named `html`,
 * so formatters leave the markup, and the stylesheet its CSP hash covers, byte for byte alone.)
 */
export function markup(
  strings: TemplateStringsArray,
  ...values: Array<string | number | Raw>
): Raw {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += value instanceof Raw ? value.value : escapeHtml(String(value));
    out += strings[i + 1] ?? '';
  });
  return new Raw(out);
}

/** Markup that is already safe (built by `markup`). */
export class Raw {
  constructor(readonly value: string) {}
}

export function raw(value: string): Raw {
  return new Raw(value);
}

export function join(parts: Raw[], separator = ''): Raw {
  return new Raw(parts.map((part) => part.value).join(separator));
}

/** The CSP source that allows exactly this inline stylesheet. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
}
