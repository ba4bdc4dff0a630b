/**
 * A Content-Disposition that makes the browser save a file instead of showing it, under a name
 * someone else chose (an applicant's CV, a warranty claim's invoice): an ASCII fallback with quotes, backslashes and control
 * characters replaced, and the whole name in UTF-8 (RFC 6266, RFC 8187).
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Whether pdf.js opens the file (refusing to patch up a broken one) and reads its first page. */
export async function isPdf(bytes: Buffer): Promise<boolean> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), stopAtErrors: true, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  try {
    const pdf = await task.promise;
    if (pdf.numPages < 1) return false;
    await pdf.getPage(1);
    return true;
  } catch {
    return false;
  } finally {
    await task.destroy();
  }
}
