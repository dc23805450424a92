import { describePass } from '../../../test-support/reading-passes.js';
import { countCue } from './count-cue.js';

describePass(
  countCue,
  ['movies', 'airports'],
  [
    // Asking for the rows themselves, by their own noun and a filter: named, one line per name
    // (their bare count would answer a smaller question).
    ['movies', 'which movies were directed by James Cameron', { dimensions: ['Title'] }],
    ['movies', 'list the movies directed by James Cameron', { dimensions: ['Title'] }],
    // A column said of each row listed ("with its state") groups beside the rows' names.
    [
      'airports',
      'show me every Springfield airport with its state',
      { dimensions: ['name', 'state'] },
    ],
    [
      'movies',
      'movies directed by James Cameron with their genre',
      { dimensions: ['Title', 'Major Genre'] },
    ],
    ['movies', 'show me all movies directed by James Cameron', { dimensions: ['Title'] }],
    ['airports', 'airports in Chicago', { dimensions: ['name'] }],
    // Called only "records": still refused. With nothing but the rows' noun, the plan refuses.
    ['movies', 'records directed by James Cameron', refusedEffect()],
    ['airports', 'all airports', {}],
    // A count asked for in so many words, or read from "total": answered.
    ['movies', 'how many movies were directed by James Cameron', {}],
    ['movies', 'number of movies directed by James Cameron', {}],
    ['movies', 'count the movies directed by James Cameron', {}],
    // Whether there are any: the count answers it (0 is no).
    ['movies', 'were any movies directed by James Cameron', {}],
    ['airports', 'are there any airports in Chicago', {}],
    // "any" later in the question is not a yes/no question.
    ['airports', 'show any airports in Chicago', { dimensions: ['name'] }],
    // A count per group is not a bare count of rows.
    ['movies', 'movies by genre', {}],
    ['airports', 'how often is Chicago the city', {}],
    // A follow-up without a measure keeps the previous turn's: left to the plan.
    ['movies', 'directed by James Cameron', {}, { followsTurn: true }],
  ],
);

function refusedEffect() {
  return { alternatives: ['their count'], problem: 'not_understood' };
}
