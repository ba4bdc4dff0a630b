/** What the supervisor (server/cluster.ts) tells an API process: drain, then stop (a rolling restart). */
export const RETIRE_MESSAGE = 'shop:retire';
