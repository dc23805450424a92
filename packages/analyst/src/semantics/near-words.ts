/**
 * Strings within a small edit distance of a word, found without comparing the word with every
 * string. The strings are kept in a trie, and the word's Levenshtein table is filled in along the
 * trie's paths, one row per character and only in the band of cells within the budget (a cell
 * further from the diagonal is over it), leaving a branch as soon as no cell of its row can end
 * within the budget, counting the difference in length to the strings under it.
 *
 * Near the root almost every branch is within the budget; so the word is split in halves, and
 * since N edits leave one half with at most N - 1, the search runs twice: over the trie with the
 * first half held to N - 1 edits until it is read, and over a trie of the reversed strings with
 * the (reversed) second half held so. A search costs time in the trie nodes
 * near the word, never in the number of strings; a word longer than every string by more than the
 * budget costs nothing.
 */
export class NearWords {
  private readonly forward: Trie;
  private readonly backward: Trie;

  /** Indexes `strings`; a search answers with their indexes in this list. */
  constructor(strings: readonly string[]) {
    this.forward = new Trie(strings);
    // Reversed by UTF-16 code unit, as the word is and as distances are counted.
    this.backward = new Trie(strings.map((text) => text.split('').reverse().join('')));
  }

  /**
   * The strings at an edit distance from `word` greater than 0 and at most `budget` (Levenshtein,
   * on UTF-16 code units): each string's index and distance. One string per distinct text (the
   * first given).
   */
  within(word: string, budget: number): Array<{ index: number; distance: number }> {
    const codes = Array.from({ length: word.length }, (_, i) => word.charCodeAt(i));
    const found = new Map<number, number>();
    if (budget < 1) return [];
    const half = Math.ceil(codes.length / 2);
    this.forward.search(codes, budget, half, found);
    this.backward.search([...codes].reverse(), budget, codes.length - half, found);
    return [...found].map(([index, distance]) => ({ index, distance }));
  }
}

/** A trie of strings by UTF-16 code unit (as `editDistance` compares), in flat arrays. */
class Trie {
  /** Per node: its character, first child, next sibling. */
  private readonly char: Uint16Array;
  private readonly firstChild: Int32Array;
  private readonly nextSibling: Int32Array;
  /** Per node: the index of the string ending there, or -1. */
  private readonly ending: Int32Array;
  /** Per node: the lengths of the shortest and the longest string ending at or under it. */
  private readonly shortest: Int32Array;
  private readonly longest: Int32Array;

  constructor(strings: readonly string[]) {
    const char = [0];
    const firstChild = [-1];
    const nextSibling = [-1];
    const ending = [-1];
    const parent = [-1];
    const lengths: number[] = [];
    const child = (node: number, code: number): number => {
      let previous = -1;
      for (let c = firstChild[node]!; c !== -1; c = nextSibling[c]!) {
        if (char[c] === code) return c;
        previous = c;
      }
      const created = char.length;
      char.push(code);
      firstChild.push(-1);
      nextSibling.push(-1);
      ending.push(-1);
      parent.push(node);
      if (previous === -1) firstChild[node] = created;
      else nextSibling[previous] = created;
      return created;
    };
    strings.forEach((text, index) => {
      let node = 0;
      for (let i = 0; i < text.length; i += 1) node = child(node, text.charCodeAt(i));
      if (ending[node] === -1) ending[node] = index;
      lengths[node] = text.length;
    });
    this.char = Uint16Array.from(char);
    this.firstChild = Int32Array.from(firstChild);
    this.nextSibling = Int32Array.from(nextSibling);
    this.ending = Int32Array.from(ending);
    this.shortest = new Int32Array(char.length).fill(0x7fffffff);
    this.longest = new Int32Array(char.length).fill(-1);
    // A child is created after its parent: from the last node back, each passes its range up.
    for (let node = char.length - 1; node >= 0; node -= 1) {
      const own = lengths[node];
      if (own !== undefined) {
        this.shortest[node] = Math.min(this.shortest[node]!, own);
        this.longest[node] = Math.max(this.longest[node]!, own);
      }
      const up = parent[node]!;
      if (up >= 0) {
        this.shortest[up] = Math.min(this.shortest[up]!, this.shortest[node]!);
        this.longest[up] = Math.max(this.longest[up]!, this.longest[node]!);
      }
    }
  }

  /**
   * Adds to `found` (string index → distance) the strings within `budget` (at least 1) of `codes`
   * whose path reads the word's first `anchor` code units with at most `budget - 1` edits.
   */
  search(
    codes: readonly number[],
    budget: number,
    anchor: number,
    found: Map<number, number>,
  ): void {
    const length = codes.length;
    const { char, firstChild, nextSibling, ending, shortest, longest } = this;
    if (length > longest[0]! + budget || length < shortest[0]! - budget) return;
    const over = budget + 1;
    const spare = budget - 1;
    // rows[d][j]: the distance between the d first characters of the path and the j first of the
    // word; heads[d][j], the same over the anchored half, within `spare` edits; held[d], whether
    // the path to depth d has read that half so already.
    const rows: Int32Array[] = [new Int32Array(length + 1).fill(over)];
    const heads: Int32Array[] = [new Int32Array(anchor + 1).fill(spare + 1)];
    const held: boolean[] = [anchor === 0];
    for (let j = 0; j <= Math.min(length, budget); j += 1) rows[0]![j] = j;
    for (let j = 0; j <= Math.min(anchor, spare); j += 1) heads[0]![j] = j;
    // Depth first, with a stack of (node, depth): a node's rows are computed from its parent's,
    // which stay in place until every node under the parent is done.
    const stack: number[] = [];
    for (let c = firstChild[0]!; c !== -1; c = nextSibling[c]!) stack.push(c, 1);
    while (stack.length > 0) {
      const depth = stack.pop()!;
      const node = stack.pop()!;
      if (longest[node]! < length - budget || shortest[node]! > length + budget) continue;
      const low = depth > budget ? depth - budget : 0;
      const high = depth + budget < length ? depth + budget : length;
      if (low > high) continue;
      const code = char[node]!;
      let holds = held[depth - 1]!;
      if (!holds) {
        // The anchored half, within `spare` edits: a branch that cannot read it so is left.
        const previous = heads[depth - 1]!;
        let head = heads[depth];
        if (!head) {
          head = new Int32Array(anchor + 1);
          heads[depth] = head;
        }
        const from = depth > spare ? depth - spare : 0;
        const to = depth + spare < anchor ? depth + spare : anchor;
        let least = spare + 1;
        for (let j = from; j <= to; j += 1) {
          let value = j === 0 ? depth : previous[j - 1]! + (codes[j - 1] === code ? 0 : 1);
          if (j > 0 && j < depth + spare && previous[j]! + 1 < value) value = previous[j]! + 1;
          if (j > from && head[j - 1]! + 1 < value) value = head[j - 1]! + 1;
          if (value > spare + 1) value = spare + 1;
          head[j] = value;
          if (value < least) least = value;
        }
        if (least > spare) continue;
        holds = to === anchor && head[anchor]! <= spare;
      }
      held[depth] = holds;
      const previous = rows[depth - 1]!;
      let row = rows[depth];
      if (!row) {
        row = new Int32Array(length + 1);
        rows[depth] = row;
      }
      // The least distance any string under this node can end at: a cell's value, plus the
      // insertions or deletions left to make up the difference in length that remains.
      const fewest = shortest[node]! - depth;
      const most = longest[node]! - depth;
      let best = over;
      for (let j = low; j <= high; j += 1) {
        let value: number;
        if (j === 0) {
          value = depth;
        } else {
          value = previous[j - 1]! + (codes[j - 1] === code ? 0 : 1);
          if (j < depth + budget) {
            const deleted = previous[j]! + 1;
            if (deleted < value) value = deleted;
          }
          if (j > low) {
            const inserted = row[j - 1]! + 1;
            if (inserted < value) value = inserted;
          }
          if (value > over) value = over;
        }
        row[j] = value;
        const left = length - j;
        const bound = value + (left < fewest ? fewest - left : left > most ? left - most : 0);
        if (bound < best) best = bound;
      }
      if (best > budget) continue;
      const end = ending[node]!;
      if (holds && end !== -1 && high === length && depth >= length - budget) {
        const distance = row[length]!;
        if (distance > 0 && distance <= budget) found.set(end, distance);
      }
      for (let c = firstChild[node]!; c !== -1; c = nextSibling[c]!) stack.push(c, depth + 1);
    }
  }
}
