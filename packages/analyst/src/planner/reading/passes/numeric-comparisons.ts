import type { ColumnSemantics } from '../../../semantics/worksheet.js';
import { suffixMayBeUnit, unitFactor, unitsOfWord } from '../../../text/units.js';
import { keywordOf } from '../../mentions.js';
import type { ReadingPass } from '../context.js';
import { filterOf } from '../filters.js';

/**
 * Numeric comparisons: "horsepower over 150", "more than 6 cylinders", "weight between 2000 and
 * 2500", on the numeric column named just before the comparison or just after the number. A column
 * also measured ("average weight between ...") stays for the measures pass.
 *
 * A unit after the number ("between 10 and 20 mm of precipitation", "10 hours late", "$1 million")
 * is read with it when it is the compared column's unit, converted to it ("10 hours" of a delay in
 * minutes is 600), and names the column when none is named but exactly one numeric column has that
 * unit ("above 100 dollars"). A unit that is not the column's is left unplaced, so the question is
 * refused naming it, never compared in the wrong unit. A direction compares a coordinate: "north of
 * 70 degrees" is a latitude above 70, "west of -100" a longitude below -100.
 */
export const numericComparisons: ReadingPass = {
  name: 'numeric-comparisons',
  run({ mentions, semantics, used, at, use, next, previous, addFilter }) {
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      const comparison = keywordOf(m, 'comparison');
      const between = keywordOf(m, 'between');
      if (!comparison && !between) return;
      const numberIndex = next(index, 1);
      const number = at(numberIndex);
      if (number?.kind !== 'number') return;
      const upperIndex = numberIndex + 2;
      const upper = at(upperIndex);
      if (between && upper?.kind !== 'number') return;
      const lastIndex = between ? upperIndex : numberIndex;
      // The unit: a word right after the (last) number, or written on the number ("$5").
      const unitIndex = lastIndex + 1;
      const unitMention = at(unitIndex);
      // A word, a keyword ("hours" is also a grain, "min" an aggregation) or a word of the
      // compared column's own name ("weight over 4900 lbs" of Weight_in_lbs) after a number.
      let unitWord =
        (unitMention?.kind === 'word' ||
          unitMention?.kind === 'keyword' ||
          unitMention?.kind === 'column') &&
        !used.has(unitIndex) &&
        unitsOfWord(unitMention.words).length > 0
          ? unitMention.words
          : null;
      const written = unitWord ?? (number.unit ? number.unit : null);
      const columnNear = [previous(index, 2), next(unitWord ? unitIndex : lastIndex, 2)]
        .map((j) => ({ j, c: at(j) }))
        .find((x) => x.c?.kind === 'column' && x.c.column.type !== 'string' && !used.has(x.j));
      let column: ColumnSemantics | undefined =
        columnNear?.c?.kind === 'column' ? columnNear.c.column : undefined;
      if (!column && comparison?.axis) {
        // "north of 70 degrees": the coordinate the direction compares, by its name or label.
        const axis = comparison.axis;
        column = semantics.columns.find(
          (c) =>
            c.type !== 'string' &&
            `${c.name} ${c.display.label ?? ''}`.toLowerCase().includes(axis),
        );
      }
      if (!column && written) {
        const withUnit = semantics.columns.filter(
          (c) => c.type !== 'string' && unitFactor(written, c.display.unit) !== undefined,
        );
        if (withUnit.length === 1) column = withUnit[0];
      }
      if (!column) return;
      // "delay over 5m": minutes or millions; refused rather than guessed.
      const numbers = between && upper?.kind === 'number' ? [number, upper] : [number];
      if (numbers.some((n) => suffixMayBeUnit(n.suffix, column.display.unit))) return;
      if (unitMention?.kind === 'column' && unitMention.column !== column) unitWord = null;
      const unit = unitWord ?? (number.unit ? number.unit : null);
      const factor = unit ? unitFactor(unit, column.display.unit) : 1;
      // "$5" on a column not in dollars: no comparison read, so the question is refused.
      if (factor === undefined && !unitWord) return;
      const scaled = (value: number) => (factor === undefined ? value : value * factor);
      // "average weight between 2000 and 2500": the column is also what is measured.
      const measuredToo =
        columnNear !== undefined &&
        ['aggregation', 'superlative'].some((kind) =>
          keywordOf(at(previous(columnNear.j, 1)), kind as 'aggregation'),
        );
      const placeNear = () => {
        if (columnNear && !measuredToo) use(columnNear.j);
        if (unitWord && factor !== undefined) use(unitIndex);
      };
      const named = columnNear?.c?.words ?? column.name;
      const unitText = unitWord && factor !== undefined ? ` ${unitWord}` : '';
      if (between && upper?.kind === 'number') {
        const words = `${named} ${m.words} ${number.words} and ${upper.words}${unitText}`;
        addFilter(filterOf(column.name, 'gte', scaled(number.value)), 'stated', words);
        addFilter(filterOf(column.name, 'lte', scaled(upper.value)), 'stated', words);
        use(index, numberIndex, numberIndex + 1, upperIndex);
        placeNear();
        return;
      }
      addFilter(
        filterOf(column.name, comparison!.op, scaled(number.value)),
        'stated',
        `${named} ${m.words} ${number.words}${unitText}`,
      );
      use(index, numberIndex);
      placeNear();
    });
  },
};
