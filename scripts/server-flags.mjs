// The node flags the API process runs with: `npm start` (scripts/start.mjs) passes them, the
// cluster's API processes inherit them (node:cluster forks with the supervisor's flags), and the
// benchmarks start the server with them. The budget is 150 MB per API process (issue 30) and 250 MB
// on embedded PGlite (issue 29); the measurements are in docs/performance.md, 'API process memory'.
export const SERVER_NODE_FLAGS = [
  // V8's young generation: on a 64-bit machine each of its two halves grows to 16 MB and both get
  // touched, so 32 MB of every process was the nursery, 1–4 MB of it in use when idle. A request's
  // garbage is far smaller; with 2 MB halves a fresh process is 30 MB smaller and the benchmark's
  // peak was 142 MB (164 MB with 4 MB halves, 308 MB with Node's defaults).
  '--max-semi-space-size=2',
  // V8 sizes how far the old generation may grow between full collections by this limit, which by
  // default is a share of the machine's memory (gigabytes): under the benchmark it reserved 155 MB
  // for 62–64 MB alive. 256 MB keeps it close to what is alive and is still about 4 times the live
  // heap measured at a million parts (3.5 times on PGlite with pages rendered). Past it the
  // process stops with 'JavaScript heap out of memory' (the cluster's supervisor starts another).
  '--max-old-space-size=256',
  // V8's helper threads (background compilation and parallel garbage collection): Node starts 4.
  // Each thread that compiles keeps a malloc arena of its own, and compiling PGlite's WebAssembly
  // left 82 MB in them on the embedded default; with one thread, 48 MB (bench:memory's peak
  // 287–299 → 267 MB). The API's CPU per answer on PostgreSQL was the same (bench:search).
  '--v8-pool-size=1',
];

// The C library's allocator, read from the environment when the process starts (so `npm start`
// and the benchmarks set it; an operator running `node dist/node/main.js` sets the same, as
// docs/operations.md says). Two arenas instead of up to 8 per core, and blocks of 128 KB and more
// (compression windows, large answers' buffers) given back to the system when freed instead of
// kept at the high-water mark: the embedded default's peak 267 → 248 MB with the flag above.
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
