/**
 * Sets `key` in a map that holds at most `maxEntries`: when it is full, the entry set longest ago
 * goes first (a `Map` iterates in insertion order), so a flood of new keys costs O(1) each.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  if (!map.has(key) && map.size >= maxEntries) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}
