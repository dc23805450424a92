import type { SemanticLayer } from '../../semantics/layer.js';

/** Markets / Stocks and Globex Sales / Stocks (`stocks.csv`): one row per company and month. */
export const STOCKS_SEMANTICS: SemanticLayer = {
  // No row words: a row is one company's closing price for a month, and every word people use
  // for it ("price", "quote", "close") names the price column, whose count is the rows' count.
  columns: [
    {
      column: 'symbol',
      label: 'Symbol',
      description: 'Ticker symbol of the company: MSFT, AMZN, IBM, GOOG or AAPL.',
      synonyms: ['ticker', 'ticker symbol', 'stock symbol', 'stock', 'company', 'firm'],
      defaultAggregation: 'count_distinct',
      format: 'text',
      values: [
        { value: 'MSFT', synonyms: ['Microsoft'] },
        { value: 'AMZN', synonyms: ['Amazon', 'Amazon.com'] },
        { value: 'IBM', synonyms: ['International Business Machines'] },
        { value: 'GOOG', synonyms: ['Google', 'Alphabet'] },
        { value: 'AAPL', synonyms: ['Apple'] },
      ],
    },
    {
      column: 'date',
      label: 'Date',
      description: 'First day of the month the price is for.',
      synonyms: ['month', 'period', 'trading month'],
      format: 'date',
      defaultAggregation: 'none',
    },
    {
      column: 'price',
      label: 'Price',
      description: 'Closing price of one share, in US dollars.',
      synonyms: [
        'stock price',
        'share price',
        'closing price',
        'close',
        'quote',
        'price per share',
        'stock value',
        'trading price',
        'traded at',
        'trade at',
        'trading at',
      ],
      unit: 'USD',
      format: 'currency',
      decimals: 2,
      defaultAggregation: 'avg',
    },
  ],
};
