/** The node flags the API process runs with (scripts/server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
