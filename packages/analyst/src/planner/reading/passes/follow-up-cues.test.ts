import { describePass } from '../../../test-support/reading-passes.js';
import { followUpCues } from './follow-up-cues.js';

describePass(
  followUpCues,
  ['cars', 'flights', 'weather'],
  [
    ['cars', 'only for Japan', { cues: ['only'], placed: ['only for'] }],
    ['cars', 'also horsepower', { cues: ['also'], placed: ['also'] }],
    ['flights', 'average delay instead', { cues: ['instead'], placed: ['instead'] }],
    ['cars', 'what about Europe', { cues: ['what_about'], placed: ['what about'] }],
    ['weather', 'now by month', { cues: ['now'], placed: ['now'] }],
    ['weather', 'all years', { cues: ['now'], resets: ['date'], placed: ['all', 'years'] }],
    ['flights', 'any origin', { cues: ['now'], resets: ['origin'], placed: ['any', 'origin'] }],
    // "add", "include" opening a follow-up add to it as "also" does; in a first question, or
    // after other words, they are not this pass's.
    ['cars', 'add Europe', { cues: ['also'], placed: ['add'] }, { followsTurn: true }],
    [
      'cars',
      'please include horsepower',
      { cues: ['also'], placed: ['include'] },
      { followsTurn: true },
    ],
    [
      'cars',
      'and also add Europe',
      { cues: ['also'], placed: ['and also', 'add'] },
      { followsTurn: true },
    ],
    ['cars', 'add Europe', {}],
    ['flights', 'names that include International', {}, { followsTurn: true }],
    // "all" before a row word, not a column or a time word: no reset.
    ['cars', 'all cars by origin', {}],
    ['cars', 'average horsepower', {}],
  ],
);
