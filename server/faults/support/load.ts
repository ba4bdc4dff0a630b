/**
 * A small, bounded HTTP load: `workers` loops send requests one after another until `stop()` is
 * called, `maxRequests` were sent or `maxMs` passed, whichever comes first. Each request has its
 * own time limit (`hangMs`): one without an answer by then counts as a hang. Every answer is
 * counted by status, and a connection that failed (refused, reset) as a failure, with how long
 * each took, so a test can assert "no hangs, no dropped connections, every answer quick".
 */

export interface LoadRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Answer {
  /** When it was sent, ms since the load began. */
  at: number;
  /** What it was (method and path), for messages. */
  what: string;
  /** HTTP status, or 0 for a failed connection, -1 for a hang. */
  status: number;
  ms: number;
  /** Retry-After header, when sent. */
  retryAfter: string | null;
  contentType: string | null;
  /** Its Set-Cookie headers. */
  setCookies: string[];
  body: string;
  error?: string;
}

export interface LoadReport {
  sent: number;
  answers: Answer[];
  byStatus: Record<string, number>;
  failures: Answer[];
  hangs: Answer[];
  slowest: number;
}

export interface LoadOptions {
  baseUrl: string;
  /** The next request of loop `worker` (its `n`th); may read earlier answers through closures. */
  next: (worker: number, n: number) => LoadRequest | Promise<LoadRequest>;
  workers: number;
  maxRequests: number;
  maxMs: number;
  /** A request still unanswered after this long is a hang. */
  hangMs: number;
  /** Pause between a loop's requests, so the load is steady rather than flat out. */
  pauseMs?: number;
  /** Called with every answer as it arrives. */
  onAnswer?: (answer: Answer) => void;
}

export interface RunningLoad {
  /** Ends the loops after their current request; resolves with the report. */
  stop(): Promise<LoadReport>;
  /** Resolves when the loops end by themselves (count or time), with the report. */
  done: Promise<LoadReport>;
  /** The answers so far. */
  answers(): readonly Answer[];
}

/** One request with a time limit, answered as an Answer whatever happens. */
export async function timedRequest(baseUrl: string, request: LoadRequest, hangMs: number, at = 0): Promise<Answer> {
  const started = Date.now();
  const what = `${request.method ?? 'GET'} ${request.path}`;
  try {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(hangMs),
    });
    const body = await response.text();
    return { at, what, status: response.status, ms: Date.now() - started, retryAfter: response.headers.get('retry-after'), contentType: response.headers.get('content-type'), setCookies: response.headers.getSetCookie(), body };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const hung = name === 'TimeoutError' || name === 'AbortError';
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { at, what, status: hung ? -1 : 0, ms: Date.now() - started, retryAfter: null, contentType: null, setCookies: [], body: '', error: `${error instanceof Error ? error.message : String(error)}${cause}` };
  }
}

export function summarise(sent: number, answers: Answer[]): LoadReport {
  const byStatus: Record<string, number> = {};
  for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
  return {
    sent,
    answers,
    byStatus,
    failures: answers.filter((answer) => answer.status === 0),
    hangs: answers.filter((answer) => answer.status === -1),
    slowest: answers.reduce((most, answer) => Math.max(most, answer.ms), 0),
  };
}

export function startLoad({ baseUrl, next, workers, maxRequests, maxMs, hangMs, pauseMs = 0, onAnswer }: LoadOptions): RunningLoad {
  const began = Date.now();
  const answers: Answer[] = [];
  let sent = 0;
  let stopped = false;
  const loop = async (worker: number) => {
    for (let n = 0; !stopped && sent < maxRequests && Date.now() - began < maxMs; n++) {
      sent++;
      const request = await next(worker, n);
      const answer = await timedRequest(baseUrl, request, hangMs, Date.now() - began);
      answers.push(answer);
      onAnswer?.(answer);
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, worker) => loop(worker))).then(() => summarise(sent, answers));
  return {
    done,
    answers: () => answers,
    async stop() {
      stopped = true;
      return done;
    },
  };
}
