import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './attachment';

describe('attachmentDisposition', () => {
  it('saves under the name given, whatever characters it has, with nothing that ends the quoted name early', () => {
    expect(attachmentDisposition('cv.pdf')).toBe(`attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`);
    expect(attachmentDisposition('Zoë "the" CV\\x.pdf')).toBe(`attachment; filename="Zo_ _the_ CV_x.pdf"; filename*=UTF-8''Zo%C3%AB%20%22the%22%20CV%5Cx.pdf`);
    expect(attachmentDisposition('50% (final).docx')).toBe(`attachment; filename="50_ (final).docx"; filename*=UTF-8''50%25%20%28final%29.docx`);
  });
});
