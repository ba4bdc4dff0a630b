/**
 * Issue 31, done when: barcodes generated with bwip-js decode to their part numbers. The reader
 * is the one the phone uses where the browser has none: barcode-detector's BarcodeDetector on
 * ZXing's WebAssembly build (the same .wasm file the shop serves), given the label's pixels.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/pure';
import { partNumberOfCode } from '../../src/domain/part-number-reading';
import { LABEL_BARCODE_FORMATS } from '../../src/shared/camera/barcode-formats';
import { packageDir } from '../../scripts/camera-assets';
import { drawBarcodeLabel, pixelsOf } from './drawn-images';

const WASM = path.join(packageDir('zxing-wasm'), 'dist/reader/zxing_reader.wasm');

beforeAll(async () => {
  const globals = globalThis as { ImageData?: unknown; DOMRectReadOnly?: unknown };
  globals.ImageData ??= NodeImageData;
  globals.DOMRectReadOnly ??= NodeRect;
  await prepareZXingModule({ overrides: { wasmBinary: readFileSync(WASM).buffer as ArrayBuffer }, fireImmediately: true });
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

/** Node has no ImageData: the detector takes one of this class, set as the global one. */
class NodeImageData {
  readonly colorSpace = 'srgb';
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}

/** What the detector draws a code's box with (Node has no DOMRectReadOnly). */
class NodeRect {
  constructor(
    readonly x = 0,
    readonly y = 0,
    readonly width = 0,
    readonly height = 0,
  ) {}
  static fromRect(rect: { x?: number; y?: number; width?: number; height?: number } = {}) {
    return new NodeRect(rect.x, rect.y, rect.width, rect.height);
  }
}
