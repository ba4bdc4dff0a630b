/**
 * A CV's type, read from its bytes (the file's name and declared type are not trusted), and then
 * the file parsed as that type: a PDF (%PDF-) must open in pdf.js with a first page, a Word .docx
 * (a zip) must unpack with [Content_Types].xml naming a Word document and word/document.xml a
 * document element, a legacy Word .doc (an OLE compound file) must hold a WordDocument stream
 * with Word's signature. A file that only starts like one of them (`%PDF-1.4` then an HTML page)
 * is refused: staff open these files.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { isPdf } from '../../http/attachment';

export interface CvType {
  contentType: string;
  label: 'PDF' | 'Word';
  extension: 'pdf' | 'docx' | 'doc';
}

const PDF: CvType = { contentType: 'application/pdf', label: 'PDF', extension: 'pdf' };
const DOCX: CvType = { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word', extension: 'docx' };
const DOC: CvType = { contentType: 'application/msword', label: 'Word', extension: 'doc' };

/** What the bytes are: a CV the shop takes, a file that starts like one but does not parse, or something else. */
export type CvCheck = { ok: true; type: CvType } | { ok: false; problem: 'type' | 'unreadable' };

const OLE_HEADER = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const LOCAL_FILE = 0x04034b50;
const CENTRAL_FILE = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;

interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** A zip's entries from its central directory, or null when it is not a readable zip. */
function zipEntries(bytes: Buffer): ZipEntry[] | null {
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== LOCAL_FILE) return null;
  // The end record sits in the last 22 bytes plus at most a 64 KB comment.
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= from; at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_CENTRAL) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_FILE) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > bytes.length) return null;
    entries.push({
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      crc: bytes.readUInt32LE(at + 16),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** An entry's content, unpacked and checked against its CRC, or null. */
function unzipEntry(bytes: Buffer, entry: ZipEntry): Buffer | null {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_FILE) return null;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) return null;
  const packed = bytes.subarray(start, start + entry.compressedSize);
  let data: Buffer;
  try {
    if (entry.method === 0) data = packed;
    else if (entry.method === 8) data = inflateRawSync(packed, { maxOutputLength: 50 * 1024 * 1024 });
    else return null;
  } catch {
    return null;
  }
  return data.length === entry.size && crc32(data) === entry.crc ? data : null;
}

const WORD_MAIN_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
/** An XML document (after an optional declaration) whose root is a `document` element, closed at its end. */
const WORD_DOCUMENT = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?<(?:([A-Za-z_][\w.-]*):)?document[\s>][\s\S]*<\/(?:\1:)?document>\s*$/;

/** A zip naming no Word document is some other file ('type'); one that names it but does not unpack as one, 'unreadable'. */
function checkDocx(bytes: Buffer): CvCheck {
  const entries = zipEntries(bytes);
  const named = (name: string) => entries?.find((entry) => entry.name === name);
  const types = named('[Content_Types].xml');
  const document = named('word/document.xml');
  if (!types || !document) return { ok: false, problem: 'type' };
  const typesXml = unzipEntry(bytes, types)?.toString('utf8');
  const documentXml = unzipEntry(bytes, document)?.toString('utf8');
  return typesXml?.includes(WORD_MAIN_TYPE) && documentXml && WORD_DOCUMENT.test(documentXml) ? { ok: true, type: DOCX } : { ok: false, problem: 'unreadable' };
}

const END_OF_CHAIN = 0xfffffffe;
const WORD_SIGNATURE = 0xa5ec;
/** Word keeps its WordDocument stream in regular sectors (it is never under the mini-stream cutoff). */
const MINI_STREAM_CUTOFF = 4096;

/** A legacy .doc: the compound file's directory names a WordDocument stream starting with Word's signature. */
function isDoc(bytes: Buffer): boolean {
  if (bytes.length < 512 || !bytes.subarray(0, 8).equals(OLE_HEADER)) return false;
  const sectorShift = bytes.readUInt16LE(30);
  if (sectorShift !== 9 && sectorShift !== 12) return false;
  const sectorSize = 1 << sectorShift;
  const sectorAt = (sector: number) => (sector + 1) * sectorSize;
  // The allocation table's sectors as the header lists them (the first 109: enough for a 5 MB file).
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i += 1) {
    const sector = bytes.readUInt32LE(76 + i * 4);
    if (sector < END_OF_CHAIN && sectorAt(sector) + sectorSize <= bytes.length) fatSectors.push(sector);
  }
  const perSector = sectorSize / 4;
  const next = (sector: number): number => {
    const fat = fatSectors[Math.floor(sector / perSector)];
    return fat === undefined ? END_OF_CHAIN : bytes.readUInt32LE(sectorAt(fat) + (sector % perSector) * 4);
  };
  let sector = bytes.readUInt32LE(48);
  // A chain longer than the file has sectors loops: stop there.
  for (let steps = 0; sector < END_OF_CHAIN && steps < bytes.length / sectorSize; steps += 1) {
    const base = sectorAt(sector);
    if (base + sectorSize > bytes.length) return false;
    for (let entry = base; entry < base + sectorSize; entry += 128) {
      const nameLength = bytes.readUInt16LE(entry + 64);
      const name = nameLength >= 2 && nameLength <= 64 ? bytes.toString('utf16le', entry, entry + nameLength - 2) : '';
      if (name !== 'WordDocument' || bytes[entry + 66] !== 2) continue;
      const start = bytes.readUInt32LE(entry + 116);
      const size = bytes.readUInt32LE(entry + 120);
      return size >= MINI_STREAM_CUTOFF && sectorAt(start) + 2 <= bytes.length && bytes.readUInt16LE(sectorAt(start)) === WORD_SIGNATURE;
    }
    sector = next(sector);
  }
  return false;
}

/** The CV's type once its bytes parse as that type; otherwise why not. */
export async function checkCv(bytes: Buffer): Promise<CvCheck> {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return (await isPdf(bytes)) ? { ok: true, type: PDF } : { ok: false, problem: 'unreadable' };
  if (bytes.subarray(0, 8).equals(OLE_HEADER)) return isDoc(bytes) ? { ok: true, type: DOC } : { ok: false, problem: 'unreadable' };
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_FILE) return checkDocx(bytes);
  return { ok: false, problem: 'type' };
}
