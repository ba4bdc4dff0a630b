import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THUMB_SIZE, isThumbSize, THUMB_SIZE_NAMES, THUMB_SIZES, thumbPath, withThumbSize } from './thumbs';

describe('SPEC §2, §9 product image URLs', () => {
  it('has the sizes of SPEC §9 and the card size', () => {
    expect(THUMB_SIZES.gallery).toEqual({ width: 862, height: 520 });
    expect(THUMB_SIZES.thumb).toEqual({ width: 184, height: 115 });
    expect(THUMB_SIZES.popular).toEqual({ width: 70, height: 70 });
    expect(THUMB_SIZES.order).toEqual({ width: 255, height: 300 });
    expect(THUMB_SIZES.banner).toEqual({ width: 1500, height: 600 });
    expect(THUMB_SIZES.card).toEqual({ width: 320, height: 240 });
    expect(DEFAULT_THUMB_SIZE).toBe('card');
  });

  it('builds /thumbs/{id} with the size and the version', () => {
    expect(thumbPath('1234', 'a1b2c3d4e5')).toBe('/thumbs/1234?size=card&v=a1b2c3d4e5');
    expect(thumbPath('v56', 'ffff', 'gallery')).toBe('/thumbs/v56?size=gallery&v=ffff');
  });

  it('changes only the size of a thumbs URL, and leaves other URLs alone', () => {
    expect(withThumbSize('/thumbs/1234?size=card&v=a1b2', 'thumb')).toBe('/thumbs/1234?size=thumb&v=a1b2');
    expect(withThumbSize('/thumbs/1234?v=a1b2&size=card', 'gallery')).toBe('/thumbs/1234?size=gallery&v=a1b2');
    expect(withThumbSize('/thumbs/1234', 'gallery')).toBe('/thumbs/1234?size=gallery');
    expect(withThumbSize('/default/img/dist/placeholder.jpg', 'gallery')).toBe('/default/img/dist/placeholder.jpg');
  });

  it('goes from any size to any other and back without losing the version', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...THUMB_SIZE_NAMES),
        fc.constantFrom(...THUMB_SIZE_NAMES),
        fc.stringMatching(/^[0-9a-f]{1,12}$/),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (from, to, version, id) => {
          const url = thumbPath(String(id), version, from);
          expect(withThumbSize(withThumbSize(url, to), from)).toBe(url);
          expect(withThumbSize(url, to)).toBe(thumbPath(String(id), version, to));
        },
      ),
    );
  });

  it('knows its sizes and no others', () => {
    expect(THUMB_SIZE_NAMES.every(isThumbSize)).toBe(true);
    expect(isThumbSize('huge')).toBe(false);
    expect(isThumbSize('toString')).toBe(false);
  });
});
