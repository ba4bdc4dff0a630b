/** Writes the .br and .gz copies of every compressible file under dir (scripts/precompress.mjs). */
export declare function precompress(dir: string): Promise<{ files: number; raw: number; br: number }>;
