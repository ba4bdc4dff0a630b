/**
 * Test aid: the QR codes drawn in a PDF, decoded. pdf.js gives each page's images as pixels and
 * ZXing (the reader the storefront's camera uses, issue 31) decodes them, so a test checks where a
 * printed code really leads, not the text written beside it.
 */
import { BarcodeDetector } from 'barcode-detector/pure';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { prepareBarcodeReader } from './barcode-reader';
import { standardFontDataUrl } from './pdf-text';

interface PdfImage {
  width: number;
  height: number;
  /** pdf.js's kinds: 1 grayscale 1 bit, 2 RGB 24 bit, 3 RGBA 32 bit. */
  kind: number;
  data: Uint8ClampedArray;
}

/** An image's pixels as RGBA. */
function rgba(image: PdfImage): Uint8ClampedArray {
  if (image.kind === 3) return image.data;
  if (image.kind !== 2) throw new Error(`an image of kind ${image.kind} is not read here`);
  const out = new Uint8ClampedArray(image.width * image.height * 4);
  for (let pixel = 0; pixel < image.width * image.height; pixel += 1) {
    out.set(image.data.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
    out[pixel * 4 + 3] = 255;
  }
  return out;
}

/** The decoded QR codes of every image on every page, in order. */
export async function qrCodesInPdf(bytes: Uint8Array): Promise<string[]> {
  await prepareBarcodeReader();
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl }).promise;
  const detector = new BarcodeDetector({ formats: ['qr_code'] });
  const codes: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const operators = await page.getOperatorList();
    for (let index = 0; index < operators.fnArray.length; index += 1) {
      if (operators.fnArray[index] !== OPS.paintImageXObject) continue;
      const name = (operators.argsArray[index] as [string])[0];
      const image = (await new Promise((resolve) => page.objs.get(name, resolve))) as PdfImage;
      // Whichever ImageData the globals hold (pdf.js may have set its own): the detector checks for that class.
      const Pixels = (globalThis as unknown as { ImageData: new (data: Uint8ClampedArray, width: number, height: number) => Parameters<BarcodeDetector['detect']>[0] }).ImageData;
      const found = await detector.detect(new Pixels(rgba(image), image.width, image.height));
      codes.push(...found.map((code) => code.rawValue));
    }
  }
  await pdf.destroy();
  return codes;
}
