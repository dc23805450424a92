import type { SemanticLayer } from '../../semantics/layer.js';

/** Flight Operations / Flights (`flights-3m.parquet`): one row per scheduled flight. */
export const FLIGHTS_SEMANTICS: SemanticLayer = {
  // A row is one flight. Not "departure" or "arrival": they qualify columns ("departure delay",
  // "arrival airport") and would hide a word that changes the answer.
  row: { noun: 'flight', synonyms: ['trip', 'journey', 'flight leg'] },
  columns: [
    {
      column: 'date',
      label: 'Departure time',
      description: 'Scheduled departure date and time of the flight.',
      synonyms: ['departure date', 'flight date', 'scheduled departure', 'departure day'],
      format: 'timestamp',
      defaultAggregation: 'none',
    },
    {
      column: 'delay',
      label: 'Arrival delay',
      description:
        'Minutes the flight arrived after its scheduled arrival time; negative when it arrived early.',
      synonyms: [
        'late',
        'lateness',
        'minutes late',
        'arrival lateness',
        'tardiness',
        'delay minutes',
      ],
      unit: 'min',
      format: 'number',
      decimals: 1,
      defaultAggregation: 'avg',
    },
    {
      column: 'distance',
      label: 'Distance',
      description: 'Distance flown between the origin and destination airports, in miles.',
      synonyms: [
        'flight distance',
        'miles',
        'mileage',
        'miles flown',
        'route length',
        'flight length',
        'how far',
      ],
      unit: 'mi',
      format: 'integer',
      decimals: 0,
      defaultAggregation: 'avg',
    },
    {
      column: 'origin',
      label: 'Origin airport',
      description: 'IATA code of the airport the flight departed from (e.g. SEA, ORD).',
      // "the average delay of ATL": an airport named without from/to is where flights leave.
      valuesReadHere: true,
      synonyms: [
        'departure airport',
        'departing airport',
        'source airport',
        'flying from',
        'leaving from',
      ],
      defaultAggregation: 'count_distinct',
      format: 'text',
    },
    {
      column: 'destination',
      label: 'Destination airport',
      description: 'IATA code of the airport the flight was scheduled to arrive at.',
      synonyms: [
        'dest',
        'arrival airport',
        'arriving airport',
        'target airport',
        'flying to',
        'going to',
      ],
      defaultAggregation: 'count_distinct',
      format: 'text',
    },
  ],
  // What people call a flight by its arrival delay. Late is any delay above 0, as the delay
  // column counts it (not the 15 minutes of the DOT's on-time statistics, which this data does
  // not follow); on time is the rest, early below 0.
  conditions: [
    {
      word: 'late',
      synonyms: ['delayed', 'late arrival', 'arrived late', 'arriving late', 'behind schedule'],
      description: 'Arrived after its scheduled time: an arrival delay above 0 minutes.',
      column: 'delay',
      op: 'gt',
      value: 0,
    },
    {
      word: 'on time',
      synonyms: ['punctual', 'on schedule', 'arrived on time', 'on time arrival'],
      description: 'Arrived no later than scheduled: an arrival delay of 0 minutes or less.',
      column: 'delay',
      op: 'lte',
      value: 0,
    },
    {
      word: 'early',
      synonyms: ['ahead of schedule', 'arrived early', 'early arrival'],
      description: 'Arrived before its scheduled time: an arrival delay below 0 minutes.',
      column: 'delay',
      op: 'lt',
      value: 0,
    },
  ],
};
