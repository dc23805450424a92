/** The JSON text of deep-frozen objects, made once: they cannot change, so neither can their text. */
const frozenTexts = new WeakMap<object, string>();
/** Frozen objects found to hold something unfrozen: never cached (checked once, kept out). */
const notDeepFrozen = new WeakSet<object>();

/**
 * `JSON.stringify` for an answer that shares deep-frozen parts between requests (the advertised
 * tool schemas in every `tools/list`, converted once and frozen): the same text, with each
 * deep-frozen object serialised once per process instead of once per answer.
 */
export function answerJson(value: unknown): string {
  return write(value) ?? 'null';
}

function write(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const shared = frozenText(value);
  if (shared !== undefined) return shared;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => write(item) ?? 'null').join(',')}]`;
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const text = write(item);
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

function frozenText(value: object): string | undefined {
  const known = frozenTexts.get(value);
  if (known !== undefined || notDeepFrozen.has(value)) return known;
  if (!Object.isFrozen(value)) return undefined;
  if (!isDeepFrozen(value)) {
    notDeepFrozen.add(value);
    return undefined;
  }
  const text = JSON.stringify(value);
  frozenTexts.set(value, text);
  return text;
}

function isDeepFrozen(value: object): boolean {
  if (!Object.isFrozen(value) || notDeepFrozen.has(value)) return false;
  if (frozenTexts.has(value)) return true;
  // An accessor can answer differently each time even on a frozen object: only data is shared.
  return Object.values(Object.getOwnPropertyDescriptors(value)).every((descriptor) => {
    if (!('value' in descriptor)) return false;
    const child: unknown = descriptor.value;
    return typeof child !== 'object' || child === null || isDeepFrozen(child);
  });
}
