/** Absolute path of the built end-to-end test host script (`vite.test-host.config.ts`). */
export declare const cardTestHostScript: string;
