import type { Mention } from '../../mentions.js';
import type { ReadingPass } from '../context.js';
import { filterOf } from '../filters.js';

/** Verbs that put words inside a text column's values ("titles containing love"). */
const CONTAIN_WORDS = new Set([
  'contain',
  'contains',
  'containing',
  'include',
  'includes',
  'including',
]);
/** Words before the piece of text in "airports with Municipal in their name". */
const HOLD_WORDS = new Set(['with', 'have', 'has', 'having', 'containing', 'contain', 'contains']);

const lower = (m: Mention | undefined) => m?.words.toLowerCase() ?? '';

/** A text column named by the mention, or undefined. */
function textColumn(m: Mention | undefined): string | undefined {
  return m?.kind === 'column' && m.column.type === 'string' && m.others.length === 0
    ? m.column.name
    : undefined;
}

/** A piece of text a filter can look for: a word or a value as written, never a number or a column. */
function pieceOfText(m: Mention | undefined): boolean {
  return (
    m !== undefined &&
    (m.kind === 'value' || (m.kind === 'word' && !m.stop) || m.kind === 'entity') &&
    /[a-z]/i.test(m.words)
  );
}

/**
 * Words inside a text column's values, as people ask for them: "names containing International",
 * "titles that include love", "airports with Municipal in their name". A `contains` filter on the
 * column (any case), never an equality with a value that happens to be spelled the same.
 */
export const textContains: ReadingPass = {
  name: 'text-contains',
  run({ mentions, used, at, next, previous, use, addFilter }) {
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      // "<column> containing <text>", "<column> that include <text>"
      const column = textColumn(m);
      if (column) {
        let verb = next(index, 2);
        if (lower(at(verb)) === 'that' || lower(at(verb)) === 'which') verb = next(verb, 1);
        if (verb >= 0 && CONTAIN_WORDS.has(lower(at(verb))) && !used.has(verb)) {
          const piece = next(verb, 2);
          if (piece >= 0 && !used.has(piece) && pieceOfText(at(piece))) {
            addFilter(filterOf(column, 'contains', at(piece)!.words), 'stated', at(piece)!.words);
            use(index, verb, piece);
          }
        }
        return;
      }
      // "with <text> in their <column>"
      if (lower(m) !== 'in') return;
      const named = next(index, 2);
      const piece = previous(index, 1);
      // The cue stands right before the text; "with" and "has" are stopwords the helpers skip.
      const cue = piece - 1;
      const target = textColumn(at(named));
      if (
        target &&
        !used.has(named) &&
        piece >= 0 &&
        !used.has(piece) &&
        pieceOfText(at(piece)) &&
        HOLD_WORDS.has(lower(at(cue)))
      ) {
        addFilter(filterOf(target, 'contains', at(piece)!.words), 'stated', at(piece)!.words);
        use(cue, piece, index, named);
      }
    });
  },
};
