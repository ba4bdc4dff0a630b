/**
 * Issue 31: the readers behind the viewfinder, loaded with it (never in a page's first
 * download). Text is read by tesseract.js in its own Web Worker, so the camera's picture keeps
 * moving while a frame is read; codes by the browser's own BarcodeDetector where it reads the
 * label's formats, else by barcode-detector's ZXing WebAssembly build. Every file comes from the
 * shop's own origin (scripts/camera-assets.ts): nothing is fetched from a CDN and no picture
 * leaves the phone.
 */
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { CAMERA_ASSETS } from 'virtual:camera-assets';
import { plateInText, type PlateReading } from '../../domain/number-plates';
import { partNumberInText, partNumberOfCode } from '../../domain/part-number-reading';
import { LABEL_BARCODE_FORMATS } from './barcode-formats';
import { prepareForReading, type Pixels } from './prepare-image';
import { LABEL_READER_PARAMETERS, PLATE_READER_PARAMETERS } from './reader-settings';

export type ReadingKind = 'plate' | 'label';

export interface Reading {
  /** What goes into the field: the registration or part number as the rules clean it. */
  value: string;
  /** How it is shown: 'AB12 CDE'. */
  display: string;
  /** Read from a code: checked by the code itself, so one frame is enough. */
  fromCode: boolean;
}

export interface Reader {
  /** Reads one picture (the guide's crop of a frame, or a photo); null when nothing is read. */
  read(pixels: Pixels, whole?: boolean): Promise<Reading | null>;
  close(): Promise<void>;
}

let textWorker: Promise<Worker> | null = null;

/** One tesseract.js worker for the page, made on first use and kept while the page lives. */
function worker(): Promise<Worker> {
  textWorker ??= createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: `${CAMERA_ASSETS}worker.min.js`,
    // A folder: the worker picks the LSTM core this phone runs (relaxed SIMD, SIMD or plain).
    corePath: CAMERA_ASSETS,
    langPath: CAMERA_ASSETS.replace(/\/$/, ''),
    gzip: true,
    // A worker from its own address (no blob: URL), and no copy of the model in IndexedDB: the
    // service worker keeps the files.
    workerBlobURL: false,
    cacheMethod: 'none',
  }).catch((error: unknown) => {
    textWorker = null;
    throw error;
  });
  return textWorker;
}

/** Loads the text reader's files now (the viewfinder calls it as it opens). */
export function warmUp(): void {
  void worker().catch(() => undefined);
}

function canvasOf(pixels: Pixels): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = pixels.width;
  canvas.height = pixels.height;
  const context = canvas.getContext('2d');
  context?.putImageData(new ImageData(new Uint8ClampedArray(pixels.data), pixels.width, pixels.height), 0, 0);
  return canvas;
}

async function readText(pixels: Pixels, parameters: typeof PLATE_READER_PARAMETERS | typeof LABEL_READER_PARAMETERS, psm?: PSM): Promise<string> {
  const ocr = await worker();
  await ocr.setParameters(psm ? { ...parameters, tessedit_pageseg_mode: psm } : parameters);
  const { data } = await ocr.recognize(canvasOf(pixels));
  return data.text;
}

interface Detector {
  detect(image: ImageData): Promise<{ rawValue: string }[]>;
}

let codeDetector: Promise<Detector> | null = null;

/** The browser's BarcodeDetector when it reads the label's formats, else ZXing's WebAssembly one. */
function detector(): Promise<Detector> {
  codeDetector ??= (async () => {
    const native = (globalThis as { BarcodeDetector?: { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> } }).BarcodeDetector;
    if (native) {
      const supported = await native.getSupportedFormats().catch(() => [] as string[]);
      if (LABEL_BARCODE_FORMATS.every((format) => supported.includes(format))) return new native({ formats: [...LABEL_BARCODE_FORMATS] });
    }
    const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/pure');
    prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? `${CAMERA_ASSETS}${path}` : prefix + path) } });
    return new BarcodeDetector({ formats: [...LABEL_BARCODE_FORMATS] });
  })();
  return codeDetector;
}

function plateReading(reading: PlateReading | null): Reading | null {
  return reading ? { value: reading.registration, display: reading.display, fromCode: false } : null;
}

/** The first plate any line of a photo holds (a photo shows more than the plate). */
function plateInLines(text: string): Reading | null {
  for (const line of text.split(/\r?\n/)) {
    const reading = plateInText(line);
    if (reading) return plateReading(reading);
  }
  return null;
}

export function createReader(kind: ReadingKind): Reader {
  warmUp();
  if (kind === 'label') void detector().catch(() => undefined);
  return {
    async read(pixels, whole = false) {
      if (kind === 'plate') {
        const prepared = prepareForReading(pixels, { plate: !whole });
        // A photo: any line of sparse text may be the plate.
        return whole ? plateInLines(await readText(prepared, PLATE_READER_PARAMETERS, PSM.SPARSE_TEXT)) : plateReading(plateInText(await readText(prepared, PLATE_READER_PARAMETERS)));
      }
      const codes = await (await detector()).detect(new ImageData(new Uint8ClampedArray(pixels.data), pixels.width, pixels.height)).catch(() => []);
      for (const code of codes) {
        const number = partNumberOfCode(code.rawValue);
        if (number) return { value: number, display: number, fromCode: true };
      }
      const number = partNumberInText(await readText(prepareForReading(pixels), LABEL_READER_PARAMETERS));
      return number ? { value: number, display: number, fromCode: false } : null;
    },
    async close() {
      // The worker stays for the next reading: its model took a while to load.
    },
  };
}
