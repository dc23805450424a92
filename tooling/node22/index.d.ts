/** Path of the Node 22 binary the `node` npm package installed. */
export declare function node22Path(): string;
