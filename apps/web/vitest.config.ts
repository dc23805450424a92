import { packageTestConfig } from '../../tooling/vitest.js';

export default packageTestConfig(import.meta.dirname);
