/**
 * Issue 31, done when: barcodes generated with bwip-js decode to their part numbers. The reader
 * is the one the phone uses where the browser has none: barcode-detector's BarcodeDetector on
 * ZXing's WebAssembly build (the same .wasm file the shop serves), given the label's pixels.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BarcodeDetector } from 'barcode-detector/pure';
import { partNumberOfCode } from '../../src/domain/part-number-reading';
import { LABEL_BARCODE_FORMATS } from '../../src/shared/camera/barcode-formats';
import { NodeImageData, prepareBarcodeReader } from '../../server/test/barcode-reader';
import { drawBarcodeLabel, pixelsOf } from './drawn-images';

beforeAll(async () => {
  await prepareBarcodeReader();
});

describe('issue 31: a label barcode decodes to its part number', () => {
  it.each<[string, 'code128' | 'code39' | 'datamatrix' | 'qrcode', string]>([
    ['1K0615301', 'code128', '1K0615301'],
    ['8V21-2B384-AC', 'code128', '8V212B384AC'],
    ['04E115561H', 'code39', '04E115561H'],
    ['AV6N 10300 GC', 'code39', 'AV6N10300GC'],
    ['5Q0.129.620.B', 'datamatrix', '5Q0129620B'],
    ['P/N: 0 986 494 123', 'qrcode', '0986494123'],
  ])('%s as %s → %s', async (value, symbology, partNumber) => {
    const pixels = await pixelsOf(await drawBarcodeLabel(value, symbology));
    const detector = new BarcodeDetector({ formats: [...LABEL_BARCODE_FORMATS] });
    const found = await detector.detect(new NodeImageData(pixels.data, pixels.width, pixels.height) as unknown as ImageData);
    expect(found.map((code) => partNumberOfCode(code.rawValue))).toEqual([partNumber]);
  });
});
