/** Why dist needs building, or null when it is up to date (scripts/build-if-stale.mjs). */
export declare function staleReason(): string | null;
/** Builds the shop (`npm run build`) when dist is missing or older than the sources. */
export declare function buildIfStale(): void;
export declare const BUILT: readonly string[];
