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
 * The count cue (docs/ask-analyst.md, "The precision rule"): a question that reads as a bare count
 * of rows (no grouping, ranking, calculation or shape) is answered only when it asks for a count
 * ("how many", "number of", "count", "how often", a count read from "total flights", or
 * whether there are any: "were any flights …"). "Which
 * movies were directed by James Cameron" and "airports in Chicago" ask for the rows themselves;
 * their count would answer a smaller question with a success. A follow-up without a measure of its
 * own keeps the previous turn's, so it is left to the plan.
 */
export const countCue: ReadingPass = {
  name: 'count-cue',
  run({ question, mentions, reading, followsTurn }) {
    if (reading.problem || followsTurn) return;
    if (reading.dimensions.length > 0 || reading.ranking || reading.calculation || reading.shape)
      return;
    if (!reading.measures.every((m) => m.column === null && m.aggregation === 'count')) return;
    // Nothing read at all is refused by the plan with its own message.
    if (reading.measures.length === 0 && reading.filters.length === 0) return;
    const counted =
      reading.measures.some((m) => m.source === 'stated') ||
      mentions.some((m) => keywordOf(m, 'count') || keywordOf(m, 'count_distinct')) ||
      COUNT_PHRASES.test(question) ||
      ASKS_IF_ANY.test(question);
    if (counted) return;
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
