import type { ColumnSemantics } from '../../../semantics/worksheet.js';
import type { Mention } from '../../mentions.js';
import { measureNamedByLayer } from '../columns.js';
import type { ReadingPass } from '../context.js';
import type { Reading } from '../reading.js';

type ColumnMention = Extract<Mention, { kind: 'column' }>;

/**
 * "the highest grossing movies worldwide": a measure read
 * from words naming several columns, where another phrase of the question names exactly one of
 * them and nothing else. That phrase says which: the measure is read on that column, and the
 * phrase's own measure (the same column, its default aggregation) is dropped as a repetition.
 * Nothing is asked, and nothing is offered instead. `named` holds, per column, the words of the
 * phrases that name it alone (read once for the question, so this stays linear).
 */
function qualified(
  m: ColumnMention,
  others: readonly ColumnSemantics[],
  named: ReadonlyMap<ColumnSemantics, ReadonlySet<string>>,
  reading: Reading,
): boolean {
  const chosen = [m.column, ...others].filter((c) => named.has(c));
  if (chosen.length !== 1) return false;
  const column = chosen[0]!;
  const measured = reading.measures.filter(
    (x) => x.column === m.column && x.words?.includes(m.words),
  );
  if (measured.length === 0) return false;
  const words = named.get(column)!;
  const repeats = (x: { column: ColumnSemantics | null; words: string | null }) =>
    x.column === column && x.words !== null && words.has(x.words);
  if (reading.dimensions.some(repeats)) return false;
  reading.measures = reading.measures.filter((x) => measured.includes(x) || !repeats(x));
  for (const x of measured) {
    x.column = column;
    x.words = `${x.words} … ${[...words].join(' ')}`;
  }
  return true;
}

/**
 * A column phrase that names others as well ("temperature": temp_max, temp_min): offers two of them,
 * and asks which one when the phrase is what the question measures, also when the semantic layer
 * gives it to one column but another column's name ends with it ("gross": US Gross). When the
 * other columns hold it only as a leading word ("cost": Cost Other, Cost Repair), the layer's
 * column is read and the choice is said.
 */
export const columnAlternatives: ReadingPass = {
  name: 'column-alternatives',
  run({ question, mentions, reading, semantics }) {
    // "days with no rain": "rain" excluded as a value (weather is not rain) and the layer's word
    // for a measure (no precipitation): other days, so the turn asks.
    for (const f of reading.filters) {
      if (f.filter.op !== 'ne' || f.source !== 'value_matched') continue;
      const amount = measureNamedByLayer(f.words ?? '', semantics);
      if (!amount || reading.problem) continue;
      reading.problem = {
        code: 'needs_clarification',
        message: `"${f.words}" excluded may mean ${f.text}, or no ${amount.name} (${amount.name} is 0). Say which one you mean.`,
      };
      reading.alternatives.push({
        question: `${question} (${amount.name} is 0)`,
        reason: `"${f.words}" as ${amount.name}`,
      });
    }
    // The columns some phrase names alone ("worldwide": Worldwide Gross), with those phrases.
    const named = new Map<ColumnSemantics, Set<string>>();
    for (const x of mentions) {
      if (x.kind !== 'column' || x.others.length > 0 || x.alsoNamed?.length) continue;
      named.set(x.column, (named.get(x.column) ?? new Set()).add(x.words));
    }
    let resolved = 0;
    mentions.forEach((m) => {
      if (m.kind !== 'column') return;
      // A steward's word for one column that another column's own name holds too ("gross": the
      // layer says Worldwide Gross, US Gross says gross): the other columns are offered.
      const others = [...m.others, ...(m.alsoNamed ?? [])];
      if (others.length === 0) return;
      // Once per question: the measures it reads are few, and so is the work.
      if (resolved === 0 && qualified(m, others, named, reading)) {
        resolved += 1;
        return;
      }
      reading.alternatives.push(
        ...others.slice(0, 2).map((other) => ({
          question: question.replace(m.words, other.name),
          reason: `"${m.words}" may also mean ${other.name}`,
        })),
      );
      // A measure read from words that name two columns as well ("temperature": the daily maximum
      // or minimum) is asked about, never picked silently.
      // "highest temperature" took the matching twin (temp_max): nothing to ask.
      const measured = reading.measures.some(
        (x) =>
          x.column === m.column &&
          x.words?.includes(m.words) &&
          !(x.aggregation === 'max' && /max|high/i.test(m.column.name)) &&
          !(x.aggregation === 'min' && /min|low/i.test(m.column.name)),
      );
      // The steward's word for exactly one column ("cost": Cost Total $) is the layer's stated
      // default over columns whose names hold it only as a leading word (Cost Other, Cost Repair):
      // read as the layer says, and said so in the restatement (decision 148). A column named for
      // what the word says ("gross": US Gross is a gross as much as Worldwide Gross) still asks.
      if (measured && m.others.length === 0 && m.alsoLeading) {
        reading.layerDefaults.push({
          words: m.words,
          column: m.column.name,
          others: others.map((c) => c.name),
        });
        return;
      }
      // So is a comparison on such words ("days with temperature below 0": the maximum or the
      // minimum below 0 are different days).
      const compared =
        m.others.length > 0 &&
        reading.filters.some(
          (f) =>
            f.filter.column === m.column.name &&
            f.words?.includes(m.words) &&
            ['gt', 'gte', 'lt', 'lte'].includes(f.filter.op) &&
            m.column.role === 'measure',
        );
      if ((measured || compared) && !reading.problem) {
        reading.problem = {
          code: 'needs_clarification',
          message: `"${m.words}" may mean ${[m.column, ...others.slice(0, 2)].map((c) => c.name).join(' or ')}. Say which one you mean.`,
        };
        reading.alternatives.unshift({
          question: question.replace(m.words, m.column.name),
          reason: `"${m.words}" as ${m.column.name}`,
        });
      }
    });
  },
};
