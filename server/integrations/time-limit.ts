/**
 * A provider's call with a time limit over the whole of it (an SDK's own timeout is per attempt,
 * and it may retry): past `ms` the caller gets `onTimeout()`'s error and goes on. The call itself
 * is not stopped (an SDK gives no way to): whatever it still does is what the same idempotency key
 * answers when it is asked again.
 */
export function withTimeLimit<T>(call: () => Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  const running = call();
  // A failure after the limit passed is nobody's to handle.
  running.catch(() => undefined);
  return Promise.race([running, limit]).finally(() => clearTimeout(timer));
}
