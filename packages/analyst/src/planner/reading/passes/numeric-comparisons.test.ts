import { describePass } from '../../../test-support/reading-passes.js';
import { numericComparisons } from './numeric-comparisons.js';

describePass(
  numericComparisons,
  ['cars', 'flights', 'weather', 'stocks', 'strikes', 'airports'],
  [
    [
      'cars',
      'how many cars have horsepower over 150',
      { filters: ['Horsepower is above 150'], placed: ['horsepower', 'over', '150'] },
    ],
    [
      'cars',
      'how many cars with horsepower under 70',
      { filters: ['Horsepower is below 70'], placed: ['horsepower', 'under', '70'] },
    ],
    [
      'cars',
      'how many cars have at least 6 cylinders',
      { filters: ['Cylinders is at least 6'], placed: ['at least', '6', 'cylinders'] },
    ],
    [
      'cars',
      'how many cars with weight between 2000 and 2500',
      {
        filters: ['Weight_in_lbs is at least 2000', 'Weight_in_lbs is at most 2500'],
        placed: ['weight', 'between', '2000', 'and', '2500'],
      },
    ],
    // A negative bound keeps its sign (never "temp_min below 5" for "below -5").
    [
      'weather',
      'how many days had temp_min under -3',
      { filters: ['temp_min is below -3'], placed: ['temp min', 'under', '-3'] },
    ],
    [
      'weather',
      'number of days with temp_min between -5 and 0',
      {
        filters: ['temp_min is at least -5', 'temp_min is at most 0'],
        placed: ['temp min', 'between', '-5', 'and', '0'],
      },
    ],
    // The column is also what is measured: the measures pass still reads it.
    [
      'cars',
      'average weight between 2000 and 2500',
      {
        filters: ['Weight_in_lbs is at least 2000', 'Weight_in_lbs is at most 2500'],
        placed: ['between', '2000', 'and', '2500'],
      },
    ],
    // No numeric column next to it: nothing to compare.
    ['cars', 'how many cars over 150', {}],
    // A unit after the number: read with it, converted to the column's unit.
    [
      'weather',
      'how many days had between 10 and 20 mm of precipitation',
      {
        filters: ['precipitation is at least 10', 'precipitation is at most 20'],
        placed: ['between', '10', 'and', '20', 'mm', 'precipitation'],
      },
    ],
    [
      'flights',
      'flights more than 2 hours late',
      { filters: ['delay is above 120'], placed: ['more than', '2', 'hours', 'late'] },
    ],
    // A unit names the one numeric column that has it.
    [
      'stocks',
      'how many months was AAPL above 100 dollars',
      { filters: ['price is above 100'], placed: ['above', '100', 'dollars'] },
    ],
    // A scale word is part of the number.
    [
      'strikes',
      'strikes with total cost over 1 million',
      { filters: ['Cost Total $ is above 1000000'], placed: ['total cost', 'over', '1 million'] },
    ],
    // A scale letter written on the number: "k" a thousand, "m"/"M" a million, "bn" a billion;
    // after a money sign "mm" and "b" too. "mm" alone stays millimetres.
    [
      'cars',
      'how many cars with weight over 3k',
      { filters: ['Weight_in_lbs is above 3000'], placed: ['weight', 'over', '3k'] },
    ],
    [
      'strikes',
      'strikes with total cost over $1.5M',
      { filters: ['Cost Total $ is above 1500000'], placed: ['total cost', 'over', '$1.5M'] },
    ],
    [
      'strikes',
      'strikes with total cost above 2mm dollars',
      { filters: ['Cost Total $ is above 2'], placed: ['total cost', 'above', '2'] },
    ],
    [
      'strikes',
      'strikes with total cost over $2mm',
      { filters: ['Cost Total $ is above 2000000'], placed: ['total cost', 'over', '$2mm'] },
    ],
    [
      'stocks',
      'how many months was the price below 0.1k',
      { filters: ['price is below 100'], placed: ['price', 'below', '0.1k'] },
    ],
    [
      'weather',
      'days with precipitation over 5mm',
      { filters: ['precipitation is above 5'], placed: ['precipitation', 'over', '5', 'mm'] },
    ],
    // A letter that could be the column's own unit ("5m" of a delay in minutes, "2m" of a
    // distance in miles) is neither a unit nor a scale: refused.
    ['flights', 'how many flights with delay over 5m', {}],
    ['flights', 'flights with distance above 2M', {}],
    // A unit that is not the column's is left for the refusal, never compared in the wrong unit.
    [
      'cars',
      'how many cars with weight over 2000 kg',
      { filters: ['Weight_in_lbs is above 2000'], placed: ['weight', 'over', '2000'] },
    ],
    // A word of the column's own name as its unit.
    [
      'cars',
      'how many cars with weight over 4900 lbs',
      { filters: ['Weight_in_lbs is above 4900'], placed: ['weight', 'over', '4900', 'lbs'] },
    ],
    // Several columns in that unit: no column guessed.
    ['strikes', 'how many strikes over 500 dollars', {}],
    // A direction compares a coordinate; with none in the worksheet, nothing is read.
    [
      'airports',
      'airports in AK north of 70 degrees',
      { filters: ['latitude is above 70'], placed: ['north of', '70', 'degrees'] },
    ],
    [
      'airports',
      'how many airports are west of -150',
      { filters: ['longitude is below -150'], placed: ['west of', '-150'] },
    ],
    ['cars', 'cars north of 20', {}],
  ],
);
