import { describePass } from '../../../test-support/reading-passes.js';
import { unplacedWords } from './unplaced-words.js';

describePass(
  unplacedWords,
  ['airports', 'cars', 'movies', 'weather', 'stocks', 'penguins', 'strikes'],
  [
    // A yes/no comparison of two values listed as groups: the comparative is the summary's.
    ['cars', 'do Japanese cars have higher mpg than European cars?', {}],
    ['airports', 'does Ohio have fewer airports than Florida?', {}],
    // A comparison with one value's own figure: the value alone was read as a filter; refused.
    ['airports', 'which states have more airports than Texas', { problem: 'not_understood' }],
    [
      'cars',
      'which origins have higher mpg than USA',
      { unused: ['higher'], problem: 'not_understood' },
    ],
    // The precision rule: a word nobody placed refuses the turn, whatever its case.
    [
      'cars',
      'quarterly zebra migrations',
      { unused: ['zebra', 'migrations'], problem: 'not_understood' },
    ],
    [
      'stocks',
      'average price of MSFT in a bull market',
      { unused: ['bull'], problem: 'not_understood' },
    ],
    [
      'penguins',
      'average body mass of penguins by species over their lifetime',
      { unused: ['lifetime'], problem: 'not_understood' },
    ],
    // What a row is, in the layer's words, names no column: each strike is one bird, so "birds" is
    // neither the species column nor grouped by it (the demo layer's synonyms, issue 23).
    [
      'strikes',
      'number of birds by state',
      {
        unused: ['birds'],
        alternatives: [
          'did you mean Unknown bird - large (Wildlife Species)?',
          'did you mean Unknown bird - medium (Wildlife Species)?',
        ],
        problem: 'not_understood',
      },
    ],
    [
      'movies',
      'how many movies in California',
      {
        unused: ['California'],
        alternatives: ['did you mean The Californians (Title)?'],
        problem: 'not_understood',
      },
    ],
    [
      'weather',
      'how many days with drizle',
      {
        unused: ['drizle'],
        alternatives: ['did you mean drizzle (weather)?'],
        problem: 'not_understood',
      },
    ],
    [
      'airports',
      'how many airports in Califronia',
      {
        unused: ['Califronia'],
        alternatives: [
          'did you mean California City (city)?',
          'did you mean California City Municipal (name)?',
        ],
        problem: 'not_understood',
      },
    ],
    // Words in capitals too (SQL keywords, shouting).
    ['cars', 'average horsepower SELECT', { unused: ['SELECT'], problem: 'not_understood' }],
    // Filler words were placed by the pass before.
    ['cars', 'average horsepower as a chart, thanks', {}],
    ['cars', 'Average horsepower', {}],
  ],
);
