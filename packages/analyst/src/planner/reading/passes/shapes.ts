import type { ColumnSemantics } from '../../../semantics/worksheet.js';
import { keywordOf } from '../../mentions.js';
import { timeDimension } from '../columns.js';
import type { ReadingContext, ReadingPass } from '../context.js';

type ShapeWord = 'histogram' | 'distribution' | 'boxplot' | 'scatter' | 'correlation';

/** Words that ask for a shape of the data rather than one aggregate per group. */
const SHAPE_WORDS: Record<string, ShapeWord> = {
  histogram: 'histogram',
  histograms: 'histogram',
  distribution: 'distribution',
  distributions: 'distribution',
  distributed: 'distribution',
  boxplot: 'boxplot',
  boxplots: 'boxplot',
  scatter: 'scatter',
  scatterplot: 'scatter',
  scatterplots: 'scatter',
  correlation: 'correlation',
  correlations: 'correlation',
  correlate: 'correlation',
  correlated: 'correlation',
  relationship: 'correlation',
  relation: 'correlation',
  // How one measure goes with another: "how does weight affect mpg", "the effect of weight on
  // mpg", "is horsepower related to displacement", "does mpg depend on weight".
  related: 'correlation',
  relate: 'correlation',
  relates: 'correlation',
  affect: 'correlation',
  affects: 'correlation',
  effect: 'correlation',
  impact: 'correlation',
  influence: 'correlation',
  influences: 'correlation',
  depend: 'correlation',
  depends: 'correlation',
  vary: 'correlation',
  varies: 'correlation',
};
/** Relationship verbs that name the measure that depends first: "mpg depends on weight". */
const DEPENDENT_FIRST = new Set(['depend', 'depends', 'vary', 'varies']);

/** What follows a chart word without adding to it: "box plot", "scatter chart". */
const CHART_NOUNS = new Set(['plot', 'plots', 'chart', 'charts', 'graph', 'graphs', 'diagram']);

/** Verbs that ask to draw the rows: "plot the airports by longitude and latitude". */
const PLOT_VERBS = /^(plot|map|graph|chart|draw)$/i;

/** The shape words of the question, unplaced, with the chart nouns after them. */
function shapeWords(context: ReadingContext): Array<{ word: ShapeWord; indexes: number[] }> {
  const found: Array<{ word: ShapeWord; indexes: number[] }> = [];
  context.mentions.forEach((m, index) => {
    if (context.used.has(index) || m.kind !== 'word') return;
    const lower = m.words.toLowerCase();
    const after = context.at(index + 1);
    const noun =
      after?.kind === 'word' && CHART_NOUNS.has(after.words.toLowerCase()) ? [index + 1] : [];
    if (lower === 'box' || lower === 'whisker') {
      if (noun.length > 0) found.push({ word: 'boxplot', indexes: [index, ...noun] });
      return;
    }
    const word = SHAPE_WORDS[lower];
    if (word) found.push({ word, indexes: [index, ...noun] });
  });
  return found;
}

/** "as a bar chart", "line graph": the chart kind asked for by name (the shaper honours it). */
function chartKind(context: ReadingContext): void {
  const { mentions, reading, used, use, at } = context;
  mentions.forEach((m, index) => {
    // "line" is also a row word ("which line has ..."): before a chart noun it is the chart.
    if (used.has(index) || (m.kind !== 'word' && m.kind !== 'entity')) return;
    const kind = /^(bar|column)$/i.test(m.words) ? 'bar' : /^line$/i.test(m.words) ? 'line' : null;
    const after = at(index + 1);
    if (!kind || after?.kind !== 'word' || !CHART_NOUNS.has(after.words.toLowerCase())) return;
    reading.chart = { kind, words: `${m.words} ${after.words}` };
    use(index, index + 1);
    if (kind === 'line') lineOverTime(context, `${m.words} ${after.words}`);
  });
}

/**
 * "line chart of amazon and microsoft prices": a line runs along time. With no time grouping read,
 * and nothing grouping but listed values (one line each), the worksheet's time column groups first,
 * at the grain the plan picks, as "over time" does.
 */
function lineOverTime({ reading, semantics }: ReadingContext, words: string): void {
  const timed = reading.dimensions.some(
    (d) => d.grain !== null || d.column.role === 'temporal' || d.column.role === 'year',
  );
  const listed = reading.dimensions.every((d) =>
    reading.filters.some((f) => f.filter.column === d.column.name && f.filter.op === 'in'),
  );
  const time = timeDimension(semantics, 'auto');
  if (timed || !listed || !time) return;
  reading.dimensions.unshift({ ...time, source: 'stated', words });
}

/**
 * Shapes of the data (issue 23, class 3): "histogram of distance", "body mass distribution" (binned
 * counts), "box plot of flipper length by species", "distribution of horsepower by origin"
 * (quartiles per group), "weight vs mpg", "correlate weight and mpg", "relationship between X and
 * Y" (one point per row, coloured by a grouping: "colored by species"). Two numeric columns set
 * against each other ("life expectancy vs fertility") are a scatter without a chart word. A shape
 * word whose columns do not fit (one numeric column for a histogram or a box, two for a scatter)
 * refuses the turn, never answers an aggregate instead.
 */
export const shapes: ReadingPass = {
  name: 'shapes',
  run(context) {
    const { mentions, reading, used, use, semantics } = context;
    if (reading.problem) return;
    chartKind(context);
    const words = shapeWords(context);
    const numeric: Array<{ column: ColumnSemantics; index: number }> = [];
    mentions.forEach((m, index) => {
      if (!used.has(index) && m.kind === 'column' && m.column.role === 'measure')
        numeric.push({ column: m.column, index });
    });
    // "X vs Y" between two numeric columns, with nothing aggregated: one point per row.
    const versus = mentions.findIndex(
      (m, index) =>
        !used.has(index) &&
        keywordOf(m, 'compare') &&
        !/^compar/i.test(m.words) &&
        numeric.some((n) => n.index < index) &&
        numeric.some((n) => n.index > index),
    );
    const aggregated = mentions.some(
      (m, index) =>
        !used.has(index) &&
        (keywordOf(m, 'aggregation') || keywordOf(m, 'count') || keywordOf(m, 'superlative')),
    );
    // "plot the airports by longitude and latitude": a verb of drawing with two numeric columns
    // and nothing aggregated or grouped draws the rows; the "by" before them only places them.
    const plotVerb = mentions.findIndex(
      (m, index) => !used.has(index) && m.kind === 'word' && PLOT_VERBS.test(m.words),
    );
    const plotted =
      plotVerb >= 0 && numeric.length === 2 && !aggregated && reading.dimensions.length === 0;
    if (plotted) {
      const by = mentions.findIndex(
        (m, index) =>
          !used.has(index) &&
          keywordOf(m, 'group') &&
          index > plotVerb &&
          index < numeric[0]!.index,
      );
      words.push({ word: 'scatter', indexes: [plotVerb, ...(by >= 0 ? [by] : [])] });
    }
    const kinds = new Set(words.map((w) => w.word));
    const scatter =
      kinds.has('scatter') || kinds.has('correlation') || (versus >= 0 && !aggregated);
    if (words.length === 0 && !scatter) return;
    const said = [
      ...words.map((w) => mentions[w.indexes[0]!]!.words),
      ...(versus >= 0 ? [mentions[versus]!.words] : []),
    ].join(' ');
    const refuse = (message: string) => {
      reading.problem = { code: 'not_understood', message };
    };
    const grouped = reading.dimensions.length > 0;
    if (reading.dimensions.length > 1 || reading.dimensions.some((d) => d.grain !== null)) {
      refuse(
        `"${said}" plots the rows of one or two numeric columns, grouped by at most one column without a time grain; I did not answer another question instead.`,
      );
      return;
    }
    if (aggregated) {
      refuse(
        `"${said}" plots the rows themselves, which an average, a total or a count would hide: ask for one or the other.`,
      );
      return;
    }
    const numericNames = semantics.columns.filter((c) => c.role === 'measure').map((c) => c.name);
    if (scatter) {
      if (numeric.length !== 2) {
        refuse(
          `"${said}" sets two numeric columns against each other; I found ${numeric.length === 0 ? 'none' : numeric.map((n) => n.column.name).join(', ')}. Its numeric columns are: ${numericNames.join(', ')}.`,
        );
        return;
      }
      // "A vs B" and "A depends on B" plot A up the y axis against B; "correlate A and B" and
      // "how does A affect B" take them in order.
      const [first, second] = numeric as [(typeof numeric)[0], (typeof numeric)[0]];
      const dependentFirst =
        versus >= 0 ||
        words.some((w) => DEPENDENT_FIRST.has(mentions[w.indexes[0]!]!.words.toLowerCase()));
      const columns = dependentFirst
        ? [second.column, first.column]
        : [first.column, second.column];
      reading.shape = { kind: 'scatter', columns, words: said };
      use(first.index, second.index, ...words.flatMap((w) => w.indexes));
      if (versus >= 0) use(versus);
      reading.asksForValue = true;
      return;
    }
    if (numeric.length !== 1) {
      refuse(
        `"${said}" shows how one numeric column's values spread; I found ${numeric.length === 0 ? 'none' : numeric.map((n) => n.column.name).join(', ')}. Its numeric columns are: ${numericNames.join(', ')}.`,
      );
      return;
    }
    const boxed = kinds.has('boxplot') || (kinds.has('distribution') && grouped);
    if (kinds.has('histogram') && grouped) {
      reading.alternatives.push({
        question: `box plot of ${numeric[0]!.column.name} by ${reading.dimensions[0]!.column.name}`,
        reason: 'the quartiles of each group side by side',
      });
      refuse(
        `"${said}" by a group would draw one histogram per group, which I cannot answer yet; a box plot shows each group's spread.`,
      );
      return;
    }
    reading.shape = {
      kind: boxed ? 'boxplot' : 'histogram',
      columns: [numeric[0]!.column],
      words: said,
    };
    use(numeric[0]!.index, ...words.flatMap((w) => w.indexes));
    reading.asksForValue = true;
  },
};
