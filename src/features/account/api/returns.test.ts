import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { returnBody, sendReturn } from './returns';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('POST /returns/create from the return modal', () => {
  it('sends one multipart body with its Idempotency-Key: the order hash, the line, the reason, the answers and each photo as name[]', async () => {
    const fetch = vi.fn(async () => answer(200, { success: true, msg: 'Thank you.', return: { id: 7, status: 'AWAITING_REVIEW' } }));
    vi.stubGlobal('fetch', fetch);
    const part = new File([new Uint8Array([1, 2, 3])], 'part.png', { type: 'image/png' });
    const box = new File([new Uint8Array([4, 5])], 'box.png', { type: 'image/png' });
    const msg = await sendReturn(
      returnBody({
        orderHash: 'abcdefghijklmnopqrstuvwx',
        lineId: 12,
        reasonId: 2,
        answers: { noticed: 'on_delivery' },
        photos: { part_photos: [part], packaging_photos: [box, part] },
      }),
      'return-key-0001',
    );
    expect(msg).toBe('Thank you.');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/web-api/returns/create');
    expect(init.method).toBe('POST');
    // The browser writes the multipart boundary: no Content-Type of our own.
    expect(new Headers(init.headers).has('content-type')).toBe(false);
    expect(new Headers(init.headers).get('idempotency-key')).toBe('return-key-0001');
    const body = init.body as FormData;
    expect(body.get('order_id')).toBe('abcdefghijklmnopqrstuvwx');
    expect(body.get('order_product_id')).toBe('12');
    expect(body.get('return_reason_id')).toBe('2');
    expect(body.get('noticed')).toBe('on_delivery');
    expect(body.getAll('part_photos[]').map((file) => (file as File).name)).toEqual(['part.png']);
    expect(body.getAll('packaging_photos[]').map((file) => (file as File).name)).toEqual(['box.png', 'part.png']);
  });

  it('raises the server’s message and field errors', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(422, { success: false, msg: 'Please check the form.', errors: { 'part_photos[]': ['notes.txt is not an image.'] } })));
    const failure = sendReturn(returnBody({ orderHash: 'abcdefghijklmnopqrstuvwx', lineId: 1, reasonId: 1, answers: {}, photos: {} }), 'return-key-0002');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 422, msg: 'Please check the form.', errors: { 'part_photos[]': ['notes.txt is not an image.'] } });
  });
});
