import type { Aggregation, TimeGrain } from '@ask-analyst/protocol';
import { phraseKey } from '../text/tokens.js';

/** What a keyword of a question signals. */
export type Keyword =
  | { kind: 'aggregation'; aggregation: Aggregation }
  | { kind: 'count' }
  | { kind: 'count_distinct' }
  | { kind: 'superlative'; direction: 'desc' | 'asc' }
  | { kind: 'top'; direction: 'desc' | 'asc' }
  | { kind: 'sort' }
  | { kind: 'order'; direction: 'desc' | 'asc' }
  | { kind: 'group' }
  | { kind: 'which' }
  | { kind: 'share' }
  /** `ranked`: a verb of a change read only beside a ranking ("which stock's price dropped the most"). */
  | { kind: 'change'; ranked?: true }
  | { kind: 'difference' }
  | { kind: 'compare' }
  | {
      kind: 'comparison';
      op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq';
      /** A direction compares a coordinate: "north of 70" is a latitude above 70. */
      axis?: 'latitude' | 'longitude';
    }
  | { kind: 'between' }
  | { kind: 'negation' }
  | { kind: 'twin'; twin: 'origin' | 'destination' }
  | { kind: 'grain'; grain: TimeGrain | 'auto'; folded?: boolean; asGroup: boolean }
  | { kind: 'cue'; cue: FollowUpCue }
  | { kind: 'time_anchor'; op: 'gte' | 'gt' | 'lt' | 'lte' | 'in' }
  | { kind: 'relative'; which: 'last' };

/** Words that tell how a follow-up changes the previous question. */
export type FollowUpCue = 'only' | 'also' | 'instead' | 'what_about' | 'now' | 'all';

const table: Array<[string, Keyword]> = [];
const add = (phrases: string, keyword: Keyword) => {
  for (const phrase of phrases.split('|')) table.push([phrase, keyword]);
};

add('average|avg|mean|typical|on average', { kind: 'aggregation', aggregation: 'avg' });
add('total|sum|sum of|overall|combined|cumulative|altogether|in total', {
  kind: 'aggregation',
  aggregation: 'sum',
});
add('median|middle', { kind: 'aggregation', aggregation: 'median' });
add('standard deviation|std dev|std deviation|stdev|stddev|std|standard dev', {
  kind: 'aggregation',
  aggregation: 'stddev',
});
add('variance', { kind: 'aggregation', aggregation: 'variance' });
add('range', { kind: 'aggregation', aggregation: 'range' });
add('maximum|max', { kind: 'aggregation', aggregation: 'max' });
add('minimum|min', { kind: 'aggregation', aggregation: 'min' });
add('how many|number of|count of|count|no of|amount of|tally', { kind: 'count' });
add(
  'how many different|how many distinct|how many unique|number of different|number of distinct|number of unique|count of distinct|count of unique|distinct|unique|different',
  { kind: 'count_distinct' },
);
add('most common|most frequent|most popular|most often|commonest', {
  kind: 'superlative',
  direction: 'desc',
});
add('least common|least frequent|least popular|rarest', { kind: 'superlative', direction: 'asc' });
add(
  'highest|largest|biggest|greatest|most|peak|longest|heaviest|fastest|best|latest|newest|most recent|maximal|strongest|busiest|hottest|warmest|wettest|most expensive|costliest|priciest|tallest|oldest|most populous|most populated|most powerful|most fuel efficient|most efficient|windiest|rainiest|most delayed|richest|wealthiest|deepest|widest|northernmost|most northern|furthest north|farthest north|easternmost|most eastern|furthest east|farthest east',
  { kind: 'superlative', direction: 'desc' },
);
add(
  'lowest|smallest|least|fewest|shortest|lightest|slowest|worst|earliest|minimal|weakest|quietest|coldest|coolest|driest|cheapest|least expensive|youngest|least populous|least populated|least powerful|least fuel efficient|least efficient|calmest|least delayed|poorest|shallowest|narrowest|southernmost|most southern|furthest south|farthest south|westernmost|most western|furthest west|farthest west',
  { kind: 'superlative', direction: 'asc' },
);
add('top|first|leading', { kind: 'top', direction: 'desc' });
add('sorted by|sort by|sorted on|ordered by|order by|ranked by|rank by|arranged by', {
  kind: 'sort',
});
add(
  'in descending order|descending|in decreasing order|highest first|largest first|from highest to lowest|high to low',
  { kind: 'order', direction: 'desc' },
);
add(
  'in ascending order|ascending|in increasing order|lowest first|smallest first|from lowest to highest|low to high',
  { kind: 'order', direction: 'asc' },
);
add('bottom|last', { kind: 'top', direction: 'asc' });
add(
  'by|per|for each|for every|each|every|across|broken down by|break down by|breakdown by|split by|grouped by|group by|in each|on each|by each|' +
    'colored by|coloured by|color by|colour by|for different|for the different|across different|' +
    'by different|for various|separately for|shown separately for|split out by|segmented by',
  { kind: 'group' },
);
add('which|what|who|whose', { kind: 'which' });
add('percentage|percent|share|proportion|fraction|% of|percentage of|share of|proportion of', {
  kind: 'share',
});
add('change|growth|grow|grew|increase|decrease|decline|rise|fall|evolution|evolve|evolved', {
  kind: 'change',
});
add('increased|decreased|declined|rose|risen|fell|fallen|dropped|drop|grown|gained|gain', {
  kind: 'change',
  ranked: true,
});
add('difference|difference between|gap between|gap', { kind: 'difference' });
add('vs|versus|compare|compared to|compared with|comparison of|against', { kind: 'compare' });
add(
  'more than|greater than|over|above|larger than|higher than|bigger than|longer than|exceeding|exceed|exceeds|in excess of|heavier than|faster than|later than|after',
  {
    kind: 'comparison',
    op: 'gt',
  },
);
add('at least|no less than|or more|minimum of', { kind: 'comparison', op: 'gte' });
add('north of', { kind: 'comparison', op: 'gt', axis: 'latitude' });
add('south of', { kind: 'comparison', op: 'lt', axis: 'latitude' });
add('east of', { kind: 'comparison', op: 'gt', axis: 'longitude' });
add('west of', { kind: 'comparison', op: 'lt', axis: 'longitude' });
add(
  'less than|fewer than|under|below|lower than|smaller than|shorter than|lighter than|slower than|cheaper than|before|earlier than',
  {
    kind: 'comparison',
    op: 'lt',
  },
);
add('at most|no more than|up to|or less|maximum of', { kind: 'comparison', op: 'lte' });
add('equal to|equals|exactly|equal', { kind: 'comparison', op: 'eq' });
add('between|from', { kind: 'between' });
add(
  'without|excluding|exclude|except|except for|other than|apart from|not|non|but not|no|outside|outside of|aside from',
  { kind: 'negation' },
);
add(
  'from|departing|departed|depart|departs|departing from|leaving|leave|left|out of|originating|originating from|departing out of',
  {
    kind: 'twin',
    twin: 'origin',
  },
);
add(
  'to|arriving|arrived|arrive|arrives|arriving at|arriving in|into|bound for|landing|landed|landing at|going to|flying to|headed to',
  {
    kind: 'twin',
    twin: 'destination',
  },
);
add('yearly|annual|annually|year over year|each year|every year|per year', {
  kind: 'grain',
  grain: 'year',
  asGroup: true,
});
add('quarterly', { kind: 'grain', grain: 'quarter', asGroup: true });
add(
  'monthly|month by month|month over month|by year and month|by month and year|per month over time|each month over time',
  {
    kind: 'grain',
    grain: 'month',
    asGroup: true,
  },
);
add('weekly|week by week', { kind: 'grain', grain: 'week', asGroup: true });
add('daily|day by day', { kind: 'grain', grain: 'day', asGroup: true });
add('hourly', { kind: 'grain', grain: 'hour', asGroup: true });
add('over time|trend|timeline|time series|over the years|through time', {
  kind: 'grain',
  grain: 'auto',
  asGroup: true,
});
add('year|years|yr|yrs', { kind: 'grain', grain: 'year', asGroup: false });
add('quarter|quarters', { kind: 'grain', grain: 'quarter', asGroup: false });
add('month|months', { kind: 'grain', grain: 'month', folded: true, asGroup: false });
add('month of year|month of the year|calendar month', {
  kind: 'grain',
  grain: 'month_of_year',
  asGroup: false,
});
add('week|weeks', { kind: 'grain', grain: 'week', asGroup: false });
add('day|days|date', { kind: 'grain', grain: 'day', asGroup: false });
add('hour|hours', { kind: 'grain', grain: 'hour', folded: true, asGroup: false });
add('hour of day|hour of the day|time of day', {
  kind: 'grain',
  grain: 'hour_of_day',
  asGroup: false,
});
add('weekday|day of week|day of the week|days of the week|weekdays', {
  kind: 'grain',
  grain: 'day_of_week',
  asGroup: false,
});
add('only|just|solely|exclusively|restricted to|limited to|only for|just for', {
  kind: 'cue',
  cue: 'only',
});
add('also|too|as well|in addition|additionally|plus|and also', { kind: 'cue', cue: 'also' });
add('instead|rather|instead of', { kind: 'cue', cue: 'instead' });
add('what about|how about|and what about|what of|same for|and for', {
  kind: 'cue',
  cue: 'what_about',
});
add('now|then|next', { kind: 'cue', cue: 'now' });
add('all|any|every one', { kind: 'cue', cue: 'all' });
add('in|during|within|for|of', { kind: 'time_anchor', op: 'in' });
add('since|starting|starting in|starting from', { kind: 'time_anchor', op: 'gte' });
add('until|through|till|up until|up to and including', { kind: 'time_anchor', op: 'lte' });
add('last|past|previous|recent|latest|final', { kind: 'relative', which: 'last' });

/**
 * Keyword phrases by stem key. A phrase may carry several meanings (`from`: a twin cue or the start
 * of a range; `most`: a superlative); the reader picks by what follows.
 */
export const KEYWORDS: ReadonlyMap<string, Keyword[]> = (() => {
  const map = new Map<string, Keyword[]>();
  for (const [phrase, keyword] of table) {
    const key = phraseKey(phrase.split(' '));
    const list = map.get(key) ?? [];
    list.push(keyword);
    map.set(key, list);
  }
  return map;
})();

/** The longest keyword phrase, in words. */
export const LONGEST_KEYWORD = Math.max(...table.map(([phrase]) => phrase.split(' ').length));
