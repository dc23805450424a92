import { config } from '@ask-analyst/eslint-config';

// scripts/*.mjs are small Node build helpers outside the TypeScript project (scripts/*.ts are in it).
export default [
  ...config(import.meta.dirname),
  { ignores: ['scripts/**/*.mjs', 'dist-test-host/**', 'dist-answer/**'] },
];
