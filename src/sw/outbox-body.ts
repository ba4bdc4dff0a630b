/**
 * An outbox item's request body as its form sends it: JSON, or for a multipart kind (a return
 * and its photos) the same multipart form — the body's strings are its fields, an array of files
 * under a name its file parts. A multipart body has no Content-Type of ours: the browser writes
 * it with the boundary.
 */
import { isMultipartKind, type OutboxItem } from '../domain/outbox';

export function outboxRequestBody(item: Pick<OutboxItem, 'kind' | 'body'>): { body: BodyInit; contentType?: string } {
  if (!isMultipartKind(item.kind)) return { body: JSON.stringify(item.body), contentType: 'application/json' };
  const form = new FormData();
  for (const [name, value] of Object.entries(item.body)) {
    if (Array.isArray(value)) for (const file of value as Blob[]) form.append(name, file, file instanceof File ? file.name : 'photo');
    else if (value !== undefined && value !== null) form.append(name, String(value as string | number | boolean));
  }
  return { body: form };
}
