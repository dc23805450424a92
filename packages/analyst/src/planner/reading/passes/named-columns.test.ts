import { describePass } from '../../../test-support/reading-passes.js';
import { namedColumns } from './named-columns.js';

describePass(
  namedColumns,
  ['cars', 'movies'],
  [
    [
      'cars',
      'horsepower by origin',
      { measures: ['avg(Horsepower) defaulted'], placed: ['horsepower'] },
    ],
    ['cars', 'horsepower', { measures: ['avg(Horsepower) defaulted'], placed: ['horsepower'] }],
    ['cars', 'origin', { dimensions: ['Origin'], placed: ['origin'] }],
    ['movies', 'release date', { dimensions: ['Release Date'], placed: ['release date'] }],
    // The measures pass placed the column already: nothing is left for this pass.
    ['cars', 'highest cylinders', {}],
  ],
);
