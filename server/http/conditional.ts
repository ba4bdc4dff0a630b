/** Conditional GETs: whether a request's If-None-Match names the ETag the answer has now. */

/** If-None-Match as RFC 9110 §13.1.2 reads it: '*' or a list, compared weakly. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
