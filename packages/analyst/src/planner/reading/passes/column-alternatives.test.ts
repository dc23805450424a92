import { describePass } from '../../../test-support/reading-passes.js';
import { columnAlternatives } from './column-alternatives.js';

describePass(
  columnAlternatives,
  ['weather', 'movies', 'strikes'],
  [
    // A measure named by words that name two columns is asked about, never picked silently.
    [
      'weather',
      'average temperature',
      {
        alternatives: ['"temperature" as temp_max', '"temperature" may also mean temp_min'],
        problem: 'needs_clarification',
      },
    ],
    // A layer's word for one column that another column's name ends with is asked about: US
    // Gross is a gross as much as Worldwide Gross.
    [
      'movies',
      'average gross by genre',
      {
        alternatives: ['"gross" as Worldwide Gross', '"gross" may also mean US Gross'],
        problem: 'needs_clarification',
      },
    ],
    // Held by the others only as a leading word (Cost Other, Cost Repair), it is the layer's
    // stated default: read on that column, the others offered (decision 148).
    [
      'movies',
      'average imdb by genre',
      { alternatives: ['"imdb" may also mean IMDB Votes'], layerDefaults: ['imdb: IMDB Rating'] },
    ],
    [
      'strikes',
      'average cost per strike for Delta',
      {
        alternatives: ['"cost" may also mean Cost Other', '"cost" may also mean Cost Repair'],
        layerDefaults: ['cost: Cost Total $'],
      },
    ],
    // So is a comparison on them: the maximum below 0 and the minimum below 0 are other days.
    [
      'weather',
      'how many days with temperature below 0',
      {
        alternatives: ['"temperature" as temp_max', '"temperature" may also mean temp_min'],
        problem: 'needs_clarification',
      },
    ],
    // A value excluded that is also the layer's word for a measure: asked.
    [
      'weather',
      'how many days had no rain',
      { alternatives: ['"rain" as precipitation'], problem: 'needs_clarification' },
    ],
    // A column's own name names no other.
    ['weather', 'average temp_max', {}],
    ['movies', 'total worldwide gross by genre', {}],
  ],
);
