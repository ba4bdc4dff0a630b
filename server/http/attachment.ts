/**
 * A Content-Disposition that makes the browser save a file instead of showing it, under a name
 * someone else chose (an applicant's CV): an ASCII fallback with quotes, backslashes and control
 * characters replaced, and the whole name in UTF-8 (RFC 6266, RFC 8187).
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
