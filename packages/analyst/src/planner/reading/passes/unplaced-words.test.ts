import { describePass } from '../../../test-support/reading-passes.js';
import { unplacedWords } from './unplaced-words.js';

describePass(
  unplacedWords,
  ['airports', 'cars', 'movies', 'weather'],
  [
    ['cars', 'quarterly zebra migrations', { unused: ['zebra', 'migrations'] }],
    // A capitalised name that is no value: the question is not answered without it.
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
      { unused: ['drizle'], alternatives: ['did you mean drizzle (weather)?'] },
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
    // Words in capitals are only listed as unused.
    ['cars', 'average horsepower SELECT', { unused: ['SELECT'] }],
    ['cars', 'Average horsepower', {}],
  ],
);
