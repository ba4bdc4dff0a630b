/**
 * Test aid: the storefront's barcode reader (barcode-detector on ZXing's WebAssembly build, the same
 * .wasm file the shop serves) made ready in Node, for tests that decode drawn labels and printed QR codes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { prepareZXingModule } from 'barcode-detector/pure';
import { packageDir } from '../../scripts/camera-assets';

/** Node has no ImageData: the detector takes one of this class, set as the global one. */
export class NodeImageData {
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

let ready: Promise<unknown> | null = null;

/** Sets the globals the detector needs and loads ZXing's WebAssembly once per test file. */
export function prepareBarcodeReader(): Promise<unknown> {
  const globals = globalThis as { ImageData?: unknown; DOMRectReadOnly?: unknown };
  globals.ImageData ??= NodeImageData;
  globals.DOMRectReadOnly ??= NodeRect;
  ready ??= prepareZXingModule({ overrides: { wasmBinary: readFileSync(path.join(packageDir('zxing-wasm'), 'dist/reader/zxing_reader.wasm')).buffer as ArrayBuffer }, fireImmediately: true });
  return ready;
}
