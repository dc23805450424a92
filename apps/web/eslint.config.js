import { config } from '@ask-analyst/eslint-config';

export default config(import.meta.dirname);
