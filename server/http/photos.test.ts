import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { displayName, imageEnd, PhotoRefused, reencodePhoto, sniffPhotoFormat } from './photos';

const solid = (width: number, height: number, alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 200, g: 30, b: 30, alpha: 0 } : '#c81e1e' } });

async function refusal(name: string, bytes: Buffer): Promise<string> {
  const error = await reencodePhoto(name, bytes).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(PhotoRefused);
  return (error as PhotoRefused).message;
}

describe('sniffPhotoFormat and imageEnd', () => {
  it('reads the format from the first bytes, HEIC told apart, anything else null', async () => {
    expect(sniffPhotoFormat(await solid(8, 8).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffPhotoFormat(await solid(8, 8).png().toBuffer())).toBe('png');
    expect(sniffPhotoFormat(await solid(8, 8).webp().toBuffer())).toBe('webp');
    expect(sniffPhotoFormat(await solid(8, 8).gif().toBuffer())).toBeNull();
    expect(sniffPhotoFormat(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0', 'latin1'))).toBe('heic');
    expect(sniffPhotoFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('finds where a PNG and a WebP end by their own structure', async () => {
    const png = await solid(8, 8).png().toBuffer();
    const webp = await solid(8, 8).webp().toBuffer();
    expect(imageEnd(png, 'png')).toBe(png.length);
    expect(imageEnd(Buffer.concat([png, Buffer.from('<script>')]), 'png')).toBe(png.length);
    expect(imageEnd(webp, 'webp')).toBe(webp.length);
    expect(imageEnd(Buffer.concat([webp, Buffer.from('<script>')]), 'webp')).toBe(webp.length);
    expect(imageEnd(png.subarray(0, 40), 'png')).toBeNull();
  });
});

describe('reencodePhoto', () => {
  it('keeps a JPEG copy at most 2000 px a side, a transparent PNG on white', async () => {
    const large = await reencodePhoto('wide.webp', await solid(3000, 1500).webp().toBuffer());
    expect([large.contentType, large.width, large.height]).toEqual(['image/jpeg', 2000, 1000]);
    expect((await sharp(large.data).metadata()).format).toBe('jpeg');

    const clear = await reencodePhoto('clear.png', await solid(10, 10, true).png().toBuffer());
    const { data } = await sharp(clear.data).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((value) => value > 245)).toBe(true);
  });

  it('refuses a WebP with data after its end, a truncated JPEG, a GIF and an empty file, each by name', async () => {
    const webp = await solid(8, 8).webp().toBuffer();
    expect(await refusal('x.webp', Buffer.concat([webp, Buffer.from('<script>alert(1)</script>')]))).toBe('x.webp carries other data after the end of the image, so it cannot be accepted.');
    const jpeg = await solid(400, 300).jpeg().toBuffer();
    expect(await refusal('cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toBe('cut.jpg could not be read as a photo. It may be damaged.');
    expect(await refusal('anim.gif', await solid(8, 8).gif().toBuffer())).toBe('anim.gif is not a JPEG, PNG or WebP photo.');
    expect(await refusal('empty.jpg', Buffer.alloc(0))).toBe('empty.jpg is empty.');
  });

  it('quotes a file name without control characters and at most 80 characters', () => {
    expect(displayName('bad\u0000name\r\n.jpg')).toBe('badname.jpg');
    expect(displayName('')).toBe('A photo');
    expect(displayName(`${'a'.repeat(100)}.jpg`)).toHaveLength(78);
  });
});
