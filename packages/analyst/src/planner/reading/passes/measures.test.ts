import { describePass } from '../../../test-support/reading-passes.js';
import { measures } from './measures.js';

describePass(
  measures,
  ['cars', 'flights', 'movies', 'weather', 'stocks', 'penguins', 'strikes'],
  [
    // A total word after a count says it is one number: listed values filter, never group.
    [
      'cars',
      'how many cars from Japan and Europe in total',
      {
        asksForValue: true,
        measures: ['count(*) stated'],
        dimensions: [],
        placed: ['how many', 'cars', 'in total'],
      },
    ],
    // "on average" with a superlative: the averages ranked, never the extremes (the measure is
    // stated, so the superlative-ranking pass leaves it averaged).
    [
      'penguins',
      'which species has the shortest flippers on average?',
      {
        asksForValue: true,
        measures: ['avg(Flipper Length (mm)) stated'],
        superlatives: ['asc shortest'],
        placed: ['shortest', 'flippers', 'on average'],
      },
    ],
    [
      'penguins',
      'which species is the heaviest on average',
      {
        asksForValue: true,
        measures: ['avg(Body Mass (g)) stated'],
        superlatives: ['desc heaviest'],
        placed: ['heaviest', 'on average'],
      },
    ],
    // Said first, of the superlative's measure after it.
    [
      'penguins',
      'on average, which species has the shortest flippers',
      {
        asksForValue: true,
        measures: ['avg(Flipper Length (mm)) stated'],
        superlatives: ['asc shortest'],
        placed: ['on average', 'shortest', 'flippers'],
      },
    ],
    // The car's name the superlative took to say which car is heaviest names no average.
    [
      'cars',
      'which origin has the heaviest cars on average',
      {
        asksForValue: true,
        measures: ['avg(Weight_in_lbs) stated'],
        superlatives: ['desc heaviest'],
        placed: ['heaviest', 'cars', 'on average'],
      },
    ],
    // Without "on average" the measure stays defaulted: the superlative-ranking pass takes it at
    // its extreme.
    [
      'penguins',
      'which species has the shortest flippers',
      {
        asksForValue: true,
        measures: ['avg(Flipper Length (mm)) defaulted'],
        superlatives: ['asc shortest'],
        placed: ['shortest', 'flippers'],
      },
    ],
    // The layer's words for a row (decision 149): counted as the rows themselves.
    [
      'strikes',
      'number of collisions',
      { asksForValue: true, measures: ['count(*) stated'], placed: ['number of', 'collisions'] },
    ],
    [
      'movies',
      'how many films',
      { asksForValue: true, measures: ['count(*) stated'], placed: ['how many', 'films'] },
    ],
    [
      'flights',
      'count of trips',
      { asksForValue: true, measures: ['count(*) stated'], placed: ['count of', 'trips'] },
    ],
    // A superlative after its measure takes it at its extreme; an adjective alone names its
    // measure (the twin for its direction); a bare one with nothing before it is refused.
    [
      'stocks',
      'when was the price of AAPL highest',
      {
        measures: ['max(price) stated'],
        asksForValue: true,
        superlatives: ['desc highest'],
        placed: ['price', 'highest'],
      },
    ],
    [
      'weather',
      'which day was the coldest',
      {
        measures: ['min(temp_min) stated'],
        asksForValue: true,
        superlatives: ['asc coldest'],
        placed: ['coldest'],
      },
    ],
    // A sum stays the total over groups.
    [
      'weather',
      'which month is the rainiest',
      {
        measures: ['sum(precipitation) stated'],
        asksForValue: true,
        superlatives: ['desc rainiest'],
        placed: ['rainiest'],
      },
    ],
    // A value that is also the layer's word for a measure, after "most": asked, never picked.
    [
      'weather',
      'which year had the most rain',
      {
        problem: 'needs_clarification',
        alternatives: ['"rain" as precipitation'],
        placed: ['most'],
      },
    ],
    // "how many <measure> does <row> have": the value it holds, never a count.
    [
      'cars',
      'how many cylinders does the ford torino have',
      {
        asksForValue: true,
        measures: ['avg(Cylinders) stated'],
        placed: ['how many', 'cylinders'],
      },
    ],
    // A superlative of nothing named, in a worksheet of one measure: that measure, by default.
    [
      'stocks',
      'in which month was GOOG the highest',
      {
        asksForValue: true,
        measures: ['max(price) defaulted'],
        superlatives: ['desc highest'],
        placed: ['highest'],
      },
    ],

    // A grain word naming what a row is ("daily" where a row is a day) between the aggregation
    // and its measure: the average of the rows.
    [
      'weather',
      'average daily maximum temperature',
      {
        measures: ['avg(temp_max) stated'],
        asksForValue: true,
        placed: ['average', 'maximum temperature'],
      },
    ],
    [
      'cars',
      'average horsepower',
      {
        measures: ['avg(Horsepower) stated'],
        asksForValue: true,
        placed: ['average', 'horsepower'],
      },
    ],
    [
      'cars',
      'total number of cars',
      { measures: ['count(*) stated'], asksForValue: true, placed: ['total', 'number of', 'cars'] },
    ],
    [
      'flights',
      'how many distinct origins',
      {
        measures: ['count_distinct(origin) stated'],
        asksForValue: true,
        placed: ['how many distinct', 'origins'],
      },
    ],
    [
      'movies',
      'highest average production budget',
      {
        measures: ['avg(Production Budget) stated'],
        asksForValue: true,
        superlatives: ['desc highest'],
        placed: ['highest', 'average', 'production budget'],
      },
    ],
    [
      'weather',
      'lowest temperature',
      {
        measures: ['min(temp_min) stated'],
        asksForValue: true,
        placed: ['lowest', 'temperature'],
        superlatives: ['asc lowest'],
      },
    ],
    [
      'weather',
      'highest temperature',
      {
        measures: ['max(temp_max) stated'],
        asksForValue: true,
        superlatives: ['desc highest'],
        placed: ['highest', 'temperature'],
      },
    ],
    [
      'cars',
      'percentage of cars by origin',
      { calculation: 'share_of_total', asksForValue: true, placed: ['percentage of', 'cars'] },
    ],
    // A share with a value as its condition: the share asked; the value is the value passes'
    // (the plan makes it the condition, decision 146).
    [
      'movies',
      'what percentage of movies are comedies',
      { calculation: 'share_of_total', asksForValue: true, placed: ['percentage of', 'movies'] },
    ],
    [
      'weather',
      'what fraction of days had rain',
      { calculation: 'share_of_total', asksForValue: true, placed: ['fraction', 'days'] },
    ],
    [
      'movies',
      'which director has the most movies',
      {
        measures: ['count(*) stated'],
        asksForValue: true,
        superlatives: ['desc most'],
        placed: ['most', 'movies'],
      },
    ],
    [
      'cars',
      'what is the heaviest car',
      {
        measures: ['max(Weight_in_lbs) stated'],
        dimensions: ['Name'],
        ranking: 'desc 1',
        asksForValue: true,
        superlatives: ['desc heaviest'],
        placed: ['heaviest', 'car'],
      },
    ],
    // No column of the Cars worksheet measures speed: a problem, not a count of cars.
    [
      'cars',
      'fastest car',
      {
        asksForValue: true,
        problem: 'not_understood',
        superlatives: ['desc fastest'],
        placed: ['fastest'],
      },
    ],
    // No column is profit: a problem, not another measure.
    [
      'movies',
      'average profit by genre',
      { asksForValue: true, problem: 'not_understood', placed: ['average'] },
    ],
    // A spread: of one column of numbers, never of names or dates.
    [
      'cars',
      'standard deviation of horsepower',
      {
        measures: ['stddev(Horsepower) stated'],
        asksForValue: true,
        placed: ['standard deviation', 'horsepower'],
      },
    ],
    [
      'cars',
      'range of weight',
      {
        measures: [
          'range(Weight_in_lbs) stated',
          'min(Weight_in_lbs) stated',
          'max(Weight_in_lbs) stated',
        ],
        asksForValue: true,
        placed: ['range', 'weight'],
      },
    ],
    [
      'cars',
      'variance of name',
      { asksForValue: true, problem: 'not_understood', placed: ['variance', 'name'] },
    ],
    [
      'cars',
      'sum of year',
      { measures: ['sum(Year) stated'], asksForValue: true, placed: ['sum of', 'year'] },
    ],
    [
      'cars',
      'how many cars with 3 name',
      { measures: ['count(*) stated'], asksForValue: true, placed: ['how many', 'cars'] },
    ],
    [
      'cars',
      'most common origin',
      {
        dimensions: ['Origin'],
        asksForValue: true,
        superlatives: ['desc most common'],
        placed: ['most common', 'origin'],
      },
    ],
    // A frequency superlative of a number or a year ranks its values by how often they occur
    // (the mode), never the column's maximum; twins named by one phrase ask; a date is counted
    // by the period its word names, else by day.
    [
      'cars',
      'most common number of cylinders',
      {
        dimensions: ['Cylinders'],
        asksForValue: true,
        superlatives: ['desc most common'],
        placed: ['most common', 'number of cylinders'],
      },
    ],
    [
      'cars',
      'the most frequent year',
      {
        dimensions: ['Year by year'],
        asksForValue: true,
        superlatives: ['desc most frequent'],
        placed: ['most frequent', 'year'],
      },
    ],
    [
      'weather',
      'most common temperature',
      {
        problem: 'needs_clarification',
        asksForValue: true,
        superlatives: ['desc most common'],
        placed: ['most common', 'temperature'],
      },
    ],
    [
      'weather',
      'most common date',
      {
        dimensions: ['date by day'],
        asksForValue: true,
        superlatives: ['desc most common'],
        placed: ['most common', 'date'],
      },
    ],
    // A list of aggregations applies each to the measure after the last; a list whose noun is
    // inside a column's name ("max temperature" is temp_max) does not say the first one's column.
    [
      'cars',
      'min and max horsepower by origin',
      {
        measures: ['min(Horsepower) stated', 'max(Horsepower) stated'],
        asksForValue: true,
        placed: ['min', 'max', 'horsepower'],
      },
    ],
    [
      'weather',
      'mean, median and max wind',
      {
        measures: ['avg(wind) stated', 'median(wind) stated', 'max(wind) stated'],
        asksForValue: true,
        placed: ['mean', 'median', 'max', 'wind'],
      },
    ],
    ['weather', 'min and max temperature by year', { problem: 'not_understood', placed: ['min'] }],
    // A value that is also the layer's word for a measure, after an aggregation, is the measure.
    [
      'weather',
      'total rain in 2013',
      {
        measures: ['sum(precipitation) stated'],
        asksForValue: true,
        placed: ['total', 'rain'],
      },
    ],
    // An adjective's own measure word in one of the columns a phrase names settles it ("deepest
    // bill": Beak Depth, not Beak Length); another phrase naming one measure settles "rated".
    [
      'penguins',
      'the deepest bill',
      {
        measures: ['max(Beak Depth (mm)) stated'],
        asksForValue: true,
        superlatives: ['desc deepest'],
        placed: ['deepest', 'bill'],
      },
    ],
    [
      'movies',
      'best rated movie on rotten tomatoes',
      {
        measures: ['max(Rotten Tomatoes Rating) stated'],
        asksForValue: true,
        superlatives: ['desc best'],
        placed: ['best', 'rated', 'rotten tomatoes'],
      },
    ],
    // A superlative past a value the value filters read: on the measure before it ("the body mass
    // of the smallest Gentoo"), or refused when its adjective names another measure; past a value
    // to the rows' noun ("the lightest American car").
    [
      'penguins',
      'body mass of the smallest Gentoo',
      {
        measures: ['min(Body Mass (g)) stated'],
        asksForValue: true,
        superlatives: ['asc smallest'],
        placed: ['body mass', 'smallest'],
      },
    ],
    [
      'penguins',
      'flipper length of the heaviest Adelie',
      {
        problem: 'not_understood',
        asksForValue: true,
        superlatives: ['desc heaviest'],
        placed: ['heaviest'],
      },
    ],
    [
      'cars',
      'the lightest American car',
      {
        measures: ['min(Weight_in_lbs) stated'],
        dimensions: ['Name'],
        ranking: 'asc 1',
        asksForValue: true,
        superlatives: ['asc lightest'],
        placed: ['lightest', 'car'],
      },
    ],
    // A quantity before a date column counts the rows it dates; a grain word between a
    // superlative and a measure that names what a row is groups nothing.
    [
      'movies',
      'which year had the most movie releases',
      {
        measures: ['count(*) stated'],
        asksForValue: true,
        superlatives: ['desc most'],
        placed: ['most', 'movie', 'releases'],
      },
    ],
    [
      'stocks',
      'highest monthly price for each stock',
      {
        measures: ['avg(price) defaulted'],
        asksForValue: true,
        superlatives: ['desc highest'],
        placed: ['highest', 'price'],
      },
    ],
    // A count of a discrete measure counts its distinct values.
    [
      'cars',
      'how many cylinders',
      {
        measures: ['count_distinct(Cylinders) stated'],
        asksForValue: true,
        placed: ['how many', 'cylinders'],
      },
    ],
    [
      'cars',
      'how many distinct cylinders',
      {
        measures: ['count_distinct(Cylinders) stated'],
        asksForValue: true,
        placed: ['how many distinct', 'cylinders'],
      },
    ],
  ],
);
