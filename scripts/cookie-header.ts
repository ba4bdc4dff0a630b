/**
 * The shop's cookies of a Cookie header ('__Host-sid=…; __Host-csrf-token=…') as the browser
 * protocol's cookie parameters, for the measuring scripts that open a page as a person
 * (lighthouse.ts, main-thread.ts). Set as the shop sets them: host-only on `origin`, Secure (a
 * __Host- cookie must be), the session's HttpOnly and the CSRF token's readable by the page.
 */
export function cookiesOfHeader(header: string, origin: string) {
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      return { name, value: pair.slice(at + 1), url: origin, path: '/', secure: true, httpOnly: !/csrf/i.test(name), sameSite: 'Lax' as const };
    });
}
