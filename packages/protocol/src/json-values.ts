/** Whether a parsed JSON value is an object (not `null`, not an array): its keys can be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
