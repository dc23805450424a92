import { describePass } from '../../../test-support/reading-passes.js';
import { relationship } from './relationship.js';

describePass(
  relationship,
  ['cars', 'penguins', 'gapminder', 'stocks'],
  [
    // Two measures set against each other ask for a relationship, not two averages.
    [
      'cars',
      'horsepower versus weight',
      { alternatives: ['their two averages side by side'], problem: 'not_understood' },
    ],
    [
      'penguins',
      'flipper length against body mass for Gentoo',
      { alternatives: ['their two averages side by side'], problem: 'not_understood' },
    ],
    // Values set against each other are a comparison of groups, and "compare" two measures is
    // their two numbers.
    ['stocks', 'AAPL vs MSFT average price', {}],
    ['cars', 'compare horsepower and weight', {}],
    ['gapminder', 'average fertility by year', {}],
  ],
);
