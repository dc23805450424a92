import type { Role } from '../permissions/roles.js';

/** The password of every demo user (SPEC section 6). */
export const DEMO_PASSWORD = 'analyst-demo';

export interface DemoUser {
  email: string;
  name: string;
  org: string;
  revoked?: boolean;
  roles: Record<string, Role>;
}

export interface DemoWorksheet {
  name: string;
  /** File in the `vega-datasets` package's `data/` folder. */
  source: string;
  description: string;
  columns?: Record<string, string>;
}

export interface DemoWorkbook {
  workspace: string;
  name: string;
  description: string;
  worksheets: DemoWorksheet[];
}

/** Organizations, by name, and whether they are enrolled in the private beta. */
export const DEMO_ORGS: Array<{ name: string; enrolled: boolean }> = [
  { name: 'Acme Analytics', enrolled: true },
  { name: 'Globex', enrolled: false },
];

/** Workspaces by organization; the owner of a workspace's workbooks is its admin. */
export const DEMO_WORKSPACES: Array<{ org: string; name: string; admin: string }> = [
  { org: 'Acme Analytics', name: 'Operations', admin: 'ada@acme.test' },
  { org: 'Acme Analytics', name: 'Research', admin: 'ada@acme.test' },
  { org: 'Globex', name: 'Globex Main', admin: 'hopper@globex.test' },
];

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'ada@acme.test',
    name: 'Ada Lovelace',
    org: 'Acme Analytics',
    roles: { Operations: 'admin', Research: 'admin' },
  },
  {
    email: 'alan@acme.test',
    name: 'Alan Turing',
    org: 'Acme Analytics',
    roles: { Research: 'analyst' },
  },
  {
    email: 'grace@acme.test',
    name: 'Grace Hopper',
    org: 'Acme Analytics',
    roles: { Research: 'viewer' },
  },
  {
    email: 'linus@acme.test',
    name: 'Linus Torvalds',
    org: 'Acme Analytics',
    revoked: true,
    roles: { Operations: 'analyst' },
  },
  {
    email: 'hopper@globex.test',
    name: 'Murray Hopper',
    org: 'Globex',
    roles: { 'Globex Main': 'admin' },
  },
];

const STOCK_COLUMNS = {
  symbol: 'Ticker symbol (MSFT, AMZN, IBM, GOOG, AAPL)',
  date: 'First day of the month',
  price: 'Closing price in US dollars',
};

export const DEMO_WORKBOOKS: DemoWorkbook[] = [
  {
    workspace: 'Operations',
    name: 'Flight Operations',
    description: 'US domestic flights with their delays, and the airports they connect.',
    worksheets: [
      {
        name: 'Flights',
        source: 'flights-3m.parquet',
        description: 'Three million US domestic flights with scheduled departure, delay and route.',
        columns: {
          date: 'Scheduled departure time',
          delay: 'Arrival delay in minutes (negative: early)',
          distance: 'Flight distance in miles',
          origin: 'IATA code of the departure airport',
          destination: 'IATA code of the arrival airport',
        },
      },
      {
        name: 'Airports',
        source: 'airports.csv',
        description: 'US airports by IATA code, with city, state and coordinates.',
        columns: { iata: 'IATA airport code (joins Flights origin and destination)' },
      },
    ],
  },
  {
    workspace: 'Operations',
    name: 'Bird Strikes',
    description: 'Wildlife strikes on aircraft reported to the FAA, with damage and cost.',
    worksheets: [
      {
        name: 'Strikes',
        source: 'birdstrikes.csv',
        description:
          'One row per reported wildlife strike: airport, aircraft, phase of flight, species and cost.',
      },
    ],
  },
  {
    workspace: 'Research',
    name: 'Film Industry',
    description: 'Movies with their budgets, box office grosses and ratings.',
    worksheets: [
      {
        name: 'Movies',
        source: 'movies.json',
        description:
          'One row per movie: grosses and budget in US dollars, release date, genre and ratings.',
      },
    ],
  },
  {
    workspace: 'Research',
    name: 'Automobiles',
    description: 'Classic car models of 1970–1982 with fuel economy and engine data.',
    worksheets: [
      {
        name: 'Cars',
        source: 'cars.json',
        description:
          'One row per car model: miles per gallon, cylinders, horsepower, weight, year and origin.',
      },
    ],
  },
  {
    workspace: 'Research',
    name: 'Seattle Weather',
    description: 'Daily weather observations in Seattle, 2012–2015.',
    worksheets: [
      {
        name: 'Daily Weather',
        source: 'seattle-weather.csv',
        description:
          'One row per day: precipitation (mm), maximum and minimum temperature (°C), wind and weather.',
      },
    ],
  },
  {
    workspace: 'Research',
    name: 'World Development',
    description: 'Population, life expectancy and fertility by country since 1955 (Gapminder).',
    worksheets: [
      {
        name: 'Gapminder',
        source: 'gapminder.json',
        description:
          'One row per country and five-year step: population, life expectancy and fertility.',
      },
    ],
  },
  {
    workspace: 'Research',
    name: 'Markets',
    description: 'Monthly stock prices of large technology companies, 2000–2010.',
    worksheets: [
      {
        name: 'Stocks',
        source: 'stocks.csv',
        description: 'One row per company and month: closing price.',
        columns: STOCK_COLUMNS,
      },
    ],
  },
  {
    workspace: 'Research',
    name: 'Penguins',
    description: 'Palmer Archipelago penguins: species, island and body measurements.',
    worksheets: [
      {
        name: 'Penguins',
        source: 'penguins.json',
        description:
          'One row per penguin: species, island, beak and flipper size, body mass and sex.',
      },
    ],
  },
  {
    workspace: 'Globex Main',
    name: 'Globex Sales',
    description: 'Monthly stock prices Globex tracks.',
    worksheets: [
      {
        name: 'Stocks',
        source: 'stocks.csv',
        description: 'One row per company and month: closing price.',
        columns: STOCK_COLUMNS,
      },
    ],
  },
];
