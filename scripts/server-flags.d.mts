/** The node flags the API process runs with (scripts/server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
/** The allocator's settings the API process starts with (scripts/server-flags.mjs). */
export declare const SERVER_ENV: Readonly<Record<string, string>>;
