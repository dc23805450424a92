import { describePass } from '../../../test-support/reading-passes.js';
import { relationship } from './relationship.js';

describePass(
  relationship,
  ['cars', 'penguins', 'gapminder', 'stocks'],
  [
    // Two measures set against each other ask for a relationship (the shapes pass plots it); with
    // an aggregation too they are refused, not answered as two averages.
    ['cars', 'horsepower versus weight', {}],
    [
      'penguins',
      'average flipper length against body mass for Gentoo',
      {
        alternatives: [
          'their two averages side by side',
          'one point per row, with their correlation',
        ],
        problem: 'not_understood',
      },
    ],
    // Values set against each other are a comparison of groups, and "compare" two measures is
    // their two numbers.
    ['stocks', 'AAPL vs MSFT average price', {}],
    ['cars', 'compare horsepower and weight', {}],
    ['gapminder', 'average fertility by year', {}],
  ],
);
