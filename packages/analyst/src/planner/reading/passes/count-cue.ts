import type { ColumnSemantics, WorksheetSemantics } from '../../../semantics/worksheet.js';
import { keywordOf } from '../../mentions.js';
import type { ReadingPass } from '../context.js';

/** Count words the keywords do not hold ("how often did it rain"). */
const COUNT_PHRASES = /\bhow often\b/i;

/**
 * A yes/no question about whether any row exists ("were any flights … late?", "did any strike …",
 * "are there any …"): its count answers it (0 is no), and the summary says yes or no.
 */
export const ASKS_IF_ANY = /^\s*(?:were|was|are|is|did|do|does|has|have|had)\s+(?:there\s+)?any\b/i;

/** Words before the rows asked for ("which", "list the", "show me all"), left out of the alternative. */
const LISTING_START =
  /^\s*(?:please\s+)?(?:which|what|list|show(?:\s+me)?|give\s+me|find|get)\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?/i;

/**
 * The column that names the rows, to list them by: a text column called a name or title
 * ("name", "Title", "Airport Name") holding a distinct value for most rows; none for rows without
 * names (a flight, a day), which are not listed.
 */
function namesOfRows(semantics: WorksheetSemantics): ColumnSemantics | undefined {
  const rows = semantics.source.rowCount;
  return semantics.columns
    .filter(
      (c) =>
        c.type === 'string' &&
        /\b(name|title)\b/i.test(c.name.replace(/_/g, ' ')) &&
        c.profile.distinctCount >= 0.5 * rows &&
        rows > 1,
    )
    .sort((a, b) => b.profile.distinctCount - a.profile.distinctCount)[0];
}

/**
 * The count cue (docs/ask-analyst.md, "The precision rule"): a question that reads as a bare count
 * of rows (no grouping, ranking, calculation or shape) is answered only when it asks for a count
 * ("how many", "number of", "count", "how often", a count read from "total flights", or
 * whether there are any: "were any flights …"). "Which
 * movies were directed by James Cameron" and "airports in Chicago" ask for the rows themselves;
 * their count would answer a smaller question with a success. A follow-up without a measure of its
 * own keeps the previous turn's, so it is left to the plan.
 */
/** A column said of each row listed: "airports in Chicago with their codes". */
const WITH_THEIR = /\bwith (its|their|the)\b/i;

export const countCue: ReadingPass = {
  name: 'count-cue',
  run({ question, mentions, reading, semantics, followsTurn }) {
    if (reading.problem || followsTurn) return;
    // "every Springfield airport with its state": the rows named, beside what is said of each.
    const withTheir = WITH_THEIR.test(question);
    if (reading.ranking || reading.calculation || reading.shape) return;
    if (reading.dimensions.length > 0 && !withTheir) return;
    if (!reading.measures.every((m) => m.column === null && m.aggregation === 'count')) return;
    // Nothing read at all is refused by the plan with its own message.
    if (reading.measures.length === 0 && reading.filters.length === 0) return;
    const counted =
      reading.measures.some((m) => m.source === 'stated') ||
      mentions.some((m) => keywordOf(m, 'count') || keywordOf(m, 'count_distinct')) ||
      COUNT_PHRASES.test(question) ||
      ASKS_IF_ANY.test(question);
    if (counted) return;
    // The rows themselves, called by what they are and narrowed by a filter ("airports in
    // Chicago", "movies directed by James Cameron"), are answered by naming them: one line per name
    // of the rows (their name or title column), with how many rows bear it. Without the rows' own
    // noun ("rows", "records" are not), without a filter, or without names, it stays refused.
    const label = namesOfRows(semantics);
    const named = mentions.some(
      (m) => m.kind === 'entity' && !/^(rows?|records?|entr(y|ies)|items?|lines?)$/i.test(m.words),
    );
    if (label && named && reading.filters.length > 0) {
      if (!reading.dimensions.some((d) => d.column === label))
        reading.dimensions.unshift({
          column: label,
          grain: null,
          source: 'defaulted',
          words: null,
        });
      return;
    }
    if (reading.dimensions.length > 0) return;
    const rows = question.replace(LISTING_START, '').replace(/[?.!\s]+$/, '');
    reading.alternatives.push({ question: `how many ${rows}`, reason: 'their count' });
    reading.problem = {
      code: 'not_understood',
      message:
        'This asks for rows themselves, and listing rows is not something Ask Analyst answers: ' +
        'it answers with numbers over them. Ask for their count ("how many …"), or for a number ' +
        'by a column ("average … by …").',
    };
  },
};
