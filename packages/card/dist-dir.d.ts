/** Absolute path of the built card assets (what the CDN serves). */
export declare const cardDistDir: string;
