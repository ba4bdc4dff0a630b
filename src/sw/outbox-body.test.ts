import { describe, expect, it } from 'vitest';
import { outboxRequestBody } from './outbox-body';

describe('an outbox item’s request body', () => {
  it('is the JSON of the form’s body for a JSON kind', () => {
    expect(outboxRequestBody({ kind: 'wishlist', body: { tag: 'P0070003' } })).toEqual({ body: '{"tag":"P0070003"}', contentType: 'application/json' });
  });

  it('is the return modal’s multipart form for a return kept with its photos: fields as text, each photo a file part under its name', async () => {
    const part = new File([new Uint8Array([1, 2, 3])], 'part.png', { type: 'image/png' });
    const box = new File([new Uint8Array([4, 5])], 'box.png', { type: 'image/png' });
    const { body, contentType } = outboxRequestBody({
      kind: 'return',
      body: { order_id: 'abcdefghijklmnopqrstuvwx', order_product_id: '12', return_reason_id: '2', noticed: 'unpacking', 'part_photos[]': [part], 'packaging_photos[]': [box, part] },
    });
    expect(contentType).toBeUndefined();
    const form = body as FormData;
    expect([form.get('order_id'), form.get('order_product_id'), form.get('return_reason_id'), form.get('noticed')]).toEqual(['abcdefghijklmnopqrstuvwx', '12', '2', 'unpacking']);
    expect(form.getAll('packaging_photos[]').map((file) => (file as File).name)).toEqual(['box.png', 'part.png']);
    expect(new Uint8Array(await (form.get('part_photos[]') as File).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });
});
