import { config } from '@ask-analyst/eslint-config';

export default [
  ...config(import.meta.dirname),
  // Plain Node modules type-checked by tsc (checkJs), which knows Node's globals.
  { files: ['**/*.mjs'], rules: { 'no-undef': 'off' } },
];
