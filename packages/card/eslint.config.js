import { config } from '@ask-analyst/eslint-config';

// scripts/*.mjs are small Node build helpers outside the TypeScript project.
export default [
  ...config(import.meta.dirname),
  { ignores: ['scripts/**', 'dist-test-host/**', 'dist-answer/**'] },
];
