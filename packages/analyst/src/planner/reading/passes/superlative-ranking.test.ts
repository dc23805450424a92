import { describePass } from '../../../test-support/reading-passes.js';
import { superlativeRanking } from './superlative-ranking.js';

describePass(
  superlativeRanking,
  ['cars', 'flights'],
  [
    ['flights', 'which origin has the highest average delay', { ranking: 'desc 10' }],
    // A ranking was asked for: it stays.
    ['cars', 'top 3 origin with the highest horsepower', {}],
    ['cars', 'highest horsepower', {}],
  ],
);
