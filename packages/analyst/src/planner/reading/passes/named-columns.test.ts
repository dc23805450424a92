import { describePass } from '../../../test-support/reading-passes.js';
import { namedColumns } from './named-columns.js';

describePass(
  namedColumns,
  ['cars', 'movies', 'weather', 'gapminder'],
  [
    [
      'cars',
      'horsepower by origin',
      { measures: ['avg(Horsepower) defaulted'], placed: ['horsepower'] },
    ],
    ['cars', 'horsepower', { measures: ['avg(Horsepower) defaulted'], placed: ['horsepower'] }],
    ['cars', 'origin', { dimensions: ['Origin'], placed: ['origin'] }],
    ['movies', 'release date', { dimensions: ['Release Date'], placed: ['release date'] }],
    // A verb for the date column (the layer's "released") says the rows took place: no grouping.
    ['movies', 'which distributor released the most movies', { placed: ['released'] }],
    // A phrase of the semantic layer that starts with an aggregation carries it.
    [
      'weather',
      'minimum temperature',
      { measures: ['min(temp_min) stated'], placed: ['minimum temperature'] },
    ],
    // "of all countries" is the scope of a total, not a grouping.
    ['gapminder', 'total population of all countries in 1955', { placed: ['all', 'countries'] }],
    // The measures pass placed the column already: nothing is left for this pass.
    ['cars', 'highest cylinders', {}],
  ],
);
