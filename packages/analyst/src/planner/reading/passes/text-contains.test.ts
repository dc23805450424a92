import { describePass } from '../../../test-support/reading-passes.js';
import { textContains } from './text-contains.js';

describePass(
  textContains,
  ['airports', 'movies', 'cars'],
  [
    // Words held in a text column's values: a contains filter, whatever the case.
    [
      'airports',
      'how many airports have Municipal in their name',
      {
        filters: ['name contains Municipal'],
        placed: ['have', 'Municipal', 'in', 'name'],
      },
    ],
    [
      'airports',
      'airports with international in the name',
      {
        filters: ['name contains international'],
        placed: ['with', 'international', 'in', 'name'],
      },
    ],
    [
      'movies',
      'how many titles contain star',
      { filters: ['Title contains star'], placed: ['titles', 'contain', 'star'] },
    ],
    [
      'movies',
      'average IMDB rating of movies whose title includes war',
      { filters: ['Title contains war'], placed: ['title', 'includes', 'war'] },
    ],
    [
      'movies',
      'titles that contain love',
      { filters: ['Title contains love'], placed: ['titles', 'contain', 'love'] },
    ],
    // A number is not text looked for; a measure column cannot hold words.
    ['movies', 'titles containing 2', {}],
    ['cars', 'horsepower containing 8', {}],
    // "in" without a cue before the text: a value's place, not words in a name.
    ['airports', 'airports in Chicago', {}],
  ],
);
