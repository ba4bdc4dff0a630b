/**
 * Issue 31: the codes a part's label carries its number in, by the Barcode Detection API's names
 * (the browser's own BarcodeDetector and barcode-detector's WebAssembly one read the same list).
 */
export const LABEL_BARCODE_FORMATS = ['code_128', 'code_39', 'data_matrix', 'qr_code'] as const;
