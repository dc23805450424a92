/** The shape of a value: its type names and the keys a tool's schema declares, never a value. */
export type Shape = string | Shape[] | { [key: string]: Shape };

const MAX_DEPTH = 6;
const MAX_VARIANTS = 5;

/** Where keys not declared by the schema go: they may be user data (column names, say). */
export const UNDECLARED_KEYS = '*';

/**
 * The shape of tool arguments for telemetry (SPEC section 7): keys and value types only. Keys not
 * named anywhere in the tool's input schema are folded into `*`, since an undeclared key may itself
 * be a value. Array elements are reduced to their distinct shapes.
 */
export function argumentShape(value: unknown, declaredKeys: ReadonlySet<string>, depth = 0): Shape {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    if (depth >= MAX_DEPTH) return 'array';
    return distinct(value.map((item) => argumentShape(item, declaredKeys, depth + 1)));
  }
  if (typeof value === 'object') {
    if (depth >= MAX_DEPTH) return 'object';
    const shape: Record<string, Shape> = {};
    const undeclared: Shape[] = [];
    for (const [key, item] of Object.entries(value)) {
      const itemShape = argumentShape(item, declaredKeys, depth + 1);
      if (declaredKeys.has(key)) shape[key] = itemShape;
      else undeclared.push(itemShape);
    }
    if (undeclared.length > 0) shape[UNDECLARED_KEYS] = distinct(undeclared);
    return shape;
  }
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function distinct(shapes: Shape[]): Shape[] {
  const seen = new Map<string, Shape>();
  for (const shape of shapes) {
    const key = JSON.stringify(shape);
    if (!seen.has(key) && seen.size < MAX_VARIANTS) seen.set(key, shape);
  }
  return [...seen.values()];
}

/** Every property name declared anywhere in a JSON Schema (properties of objects, nested). */
export function declaredPropertyNames(schema: unknown): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'properties' && typeof child === 'object' && child !== null) {
        for (const name of Object.keys(child)) names.add(name);
      }
      visit(child);
    }
  };
  visit(schema);
  return names;
}
