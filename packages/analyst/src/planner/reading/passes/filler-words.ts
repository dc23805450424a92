import { STOPWORDS, tokenize } from '../../../text/tokens.js';
import { keywordOf } from '../../mentions.js';
import type { ReadingPass } from '../context.js';
import { CHART_KIND_WORDS, COLUMN_NOUNS, FILLER_WORDS, GROUPED_WORDS } from '../filler.js';

/** A column word inflected as a verb or plural: "released" for Release Date, "rated" for Rating. */
function inflects(word: string, columnWord: string): boolean {
  if (columnWord.length < 4) return false;
  const bare = columnWord.replace(/e$/, '');
  return new RegExp(`^${bare}(e|es|ed|d|s|ing)?$`).test(word);
}

/**
 * Words that ask for nothing (`FILLER_WORDS`, a closed list), placed without adding anything: so
 * that the unplaced-words pass can refuse every other word nobody placed. Also placed: a chart kind
 * followed by a chart word ("bar chart"), a keyword of stopwords no pass used ("over"), a noun that repeats the column before it ("weather
 * type"), a word saying the answer is split once a grouping is read ("breakdown"), a capitalised word of the worksheet's own name or description ("days in Seattle"), and a
 * column's own word inflected ("released" when Release Date is read).
 */
export const fillerWords: ReadingPass = {
  name: 'filler-words',
  run({ mentions, tokens, reading, semantics, used, use }) {
    // Words of the worksheet's own name and description only say where to look ("in Seattle").
    const ownWords = new Set(
      tokenize(
        [
          semantics.source.name,
          semantics.source.description,
          semantics.source.workbook.name,
          semantics.source.workbook.description,
        ].join(' '),
      ).map((token) => token.stem),
    );
    const placedColumns = [
      ...reading.measures.flatMap((m) => (m.column ? [m.column.name] : [])),
      ...reading.dimensions.map((d) => d.column.name),
      ...reading.filters.map((f) => f.filter.column),
    ];
    const columnWords = placedColumns.flatMap((name) =>
      name
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .filter(Boolean),
    );
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      // A keyword only of stopwords that no pass used ("over" without "time") connects.
      // A negation ("not", "no") is never filler: unplaced, it fails the turn.
      if (
        m.kind === 'keyword' &&
        !keywordOf(m, 'negation') &&
        tokens.slice(m.start, m.end).every((t) => STOPWORDS.has(t.lower))
      )
        return use(index);
      if (m.kind !== 'word') return;
      const token = tokens[m.start]!;
      const word = token.lower;
      const after = mentions[index + 1];
      const before = mentions[index - 1];
      // "US" in capitals is a country, never the pronoun of "let us".
      const pronounAsCode = word === 'us' && token.text === 'US';
      if (
        (FILLER_WORDS.has(word) && !pronounAsCode) ||
        (ownWords.has(token.stem) && m.start > 0 && /^\p{Lu}/u.test(token.text)) ||
        STOPWORDS.has(token.stem) ||
        (CHART_KIND_WORDS.has(word) &&
          after?.kind === 'word' &&
          FILLER_WORDS.has(tokens[after.start]!.lower)) ||
        (COLUMN_NOUNS.has(word) && before?.kind === 'column') ||
        (GROUPED_WORDS.has(word) && reading.dimensions.length > 0) ||
        columnWords.some((columnWord) => inflects(word, columnWord))
      ) {
        use(index);
      }
    });
  },
};
