import { describePass } from '../../../test-support/reading-passes.js';
import { valueFilters } from './value-filters.js';

describePass(
  valueFilters,
  ['cars', 'flights', 'weather', 'movies', 'airports'],
  [
    // Words that carry no meaning are no value, one or several: Movies has the titles "Show Me" and
    // "Made" (issue 23, class 5: conversational words never match values such as a title).
    [
      'movies',
      'show me movies made by Steven Spielberg',
      { found: ['Director = Steven Spielberg'], placed: ['Steven Spielberg'] },
    ],
    ['cars', 'how many cars from Japan', { found: ['Origin = Japan'], placed: ['from', 'Japan'] }],
    // The condition of a share: a value in another word form, a value after "are".
    [
      'movies',
      'what percentage of movies are comedies',
      { found: ['Major Genre = Comedy'], placed: ['comedies'] },
    ],
    [
      'cars',
      'what share of cars are from Japan',
      { found: ['Origin = Japan'], placed: ['from', 'Japan'] },
    ],
    [
      'cars',
      'average horsepower without Europe',
      { filters: ['Origin is not Europe'], placed: ['without', 'Europe'] },
    ],
    [
      'flights',
      'how many flights from SFO to LAX',
      { found: ['origin = SFO', 'destination = LAX'], placed: ['from', 'SFO', 'to', 'LAX'] },
    ],
    // "rain" is a weather value and the layer's word for precipitation: after a number in
    // precipitation's unit it names the measure (placed, no filter); after an aggregation it is
    // left to the measures pass; elsewhere it is the value.
    ['weather', 'days with more than 10 mm of rain', { placed: ['rain'] }],
    ['weather', 'total rain in 2013', {}],
    ['weather', 'rain days by month', { found: ['weather = rain'], placed: ['rain'] }],
    // A value said as one of another column's values: that column's form when the place names
    // give one ("New York state": NY), else refused, never filtered on the city.
    [
      'airports',
      'airports in New York state',
      { found: ['state = NY'], placed: ['New York', 'state'] },
    ],
    [
      'airports',
      'airports in the state of Chicago',
      { problem: 'not_understood', placed: ['state', 'Chicago'] },
    ],
    // "top" before a number ranks, though TOP is an airport's code.
    ['airports', 'airports by state, top 10', {}],
    // DEN is an origin and a destination: nothing tells them apart.
    ['flights', 'average delay for DEN', { problem: 'needs_clarification', placed: ['DEN'] }],
    // The turn it follows filtered origin: the value is read there.
    [
      'flights',
      'average delay for DEN',
      { found: ['origin = DEN'], placed: ['DEN'] },
      { previousFilterColumns: ['origin'] },
    ],
    ['weather', 'how many rainy days', { found: ['weather = rain'], placed: ['rainy'] }],
    [
      'cars',
      'average horsepower of cars with origin Japan',
      { found: ['Origin = Japan'], placed: ['origin', 'Japan'] },
    ],
    // Written in capitals as one column stores it ("ORD" in iata), not as another does (Ord, a
    // town in Nebraska, in city).
    ['airports', 'what state is ORD in', { found: ['iata = ORD'], placed: ['ORD'] }],
    ['airports', 'airports in ord', { found: ['city = Ord'], placed: ['ord'] }],
    // A name that is also a word of many other names: asked, never read as the one row.
    [
      'airports',
      'how many international airports are there',
      { problem: 'needs_clarification', placed: ['international'] },
    ],
    // A town and a state of one name (decision 166): asked, unless a column said next to it, or
    // named elsewhere as what is asked, settles it; listed values wait for the value-lists pass.
    [
      'airports',
      'how many airports in New York',
      { problem: 'needs_clarification', placed: ['New York'] },
    ],
    [
      'airports',
      'airports in the city of New York',
      { found: ['city = New York'], placed: ['New York'] },
    ],
    [
      'airports',
      'number of airports by city in New York',
      { found: ['state = NY'], placed: ['New York'] },
    ],
    [
      'airports',
      'what state is Washington in',
      { found: ['city = Washington'], placed: ['Washington'] },
    ],
    [
      'airports',
      'airports in Utah or Nevada',
      { found: ['state = UT', 'city = Nevada'], placed: ['Utah', 'Nevada'] },
    ],
    // A column before "called"/"named" and its own value only says where the value is.
    [
      'airports',
      'in how many states is there a city called Jackson',
      { found: ['city = Jackson'], placed: ['city', 'called', 'Jackson'] },
    ],
    // A value listed after another takes its preposition.
    [
      'flights',
      'box plot of delay for flights out of ATL, ORD and DFW',
      {
        found: ['origin = ATL', 'origin = ORD', 'origin = DFW'],
        placed: ['out of', 'ATL', 'ORD', 'DFW'],
      },
    ],
    // An airport said "of", or listed after one, is the origin by the Flights layer
    // (valuesReadHere); "between", "at" or arriving words still ask.
    [
      'flights',
      'compare the average delay of ATL and ORD',
      {
        found: ['origin = ATL', 'origin = ORD'],
        layerDefaults: ['ATL: origin', 'ORD: origin'],
        placed: ['ATL', 'ORD'],
      },
    ],
    [
      'flights',
      'flights between ATL and ORD',
      { problem: 'needs_clarification', placed: ['ATL', 'ORD'] },
    ],
    ['flights', 'average delay at SEA', { problem: 'needs_clarification', placed: ['SEA'] }],
    [
      'flights',
      'average delay of arrivals of SEA',
      { problem: 'needs_clarification', placed: ['SEA'] },
    ],
    ['movies', 'IMDB rating of Titanic', { found: ['Title = Titanic'], placed: ['Titanic'] }],
  ],
);
