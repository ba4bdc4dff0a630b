/**
 * How the API client reaches the server. In the browser it is fetch on the page's origin. The
 * server's first-paint renderer (src/entry-server.tsx) runs the same loaders in Node, where a
 * relative URL means nothing: it installs a transport that answers in-process instead.
 */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

export function apiFetch(url: string, init: RequestInit): Promise<Response> {
  return transport(url, init);
}

export function setApiTransport(next: ApiTransport): void {
  transport = next;
}
