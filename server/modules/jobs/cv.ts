/**
 * A CV's type, read from its bytes (the file's name and declared type are not trusted): PDF
 * (%PDF-), Word .docx (a zip whose entries include word/document.xml) or legacy Word .doc (the OLE
 * compound file header). Anything else is refused.
 */
export interface CvType {
  contentType: string;
  label: 'PDF' | 'Word';
  extension: 'pdf' | 'docx' | 'doc';
}

const PDF: CvType = { contentType: 'application/pdf', label: 'PDF', extension: 'pdf' };
const DOCX: CvType = { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word', extension: 'docx' };
const DOC: CvType = { contentType: 'application/msword', label: 'Word', extension: 'doc' };

const OLE_HEADER = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const LOCAL_FILE = 0x04034b50;
const CENTRAL_FILE = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;

/** The names of a zip's entries from its central directory, or null when it is not a readable zip. */
function zipEntryNames(bytes: Buffer): string[] | null {
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
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_FILE) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > bytes.length) return null;
    names.push(bytes.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** The CV's type, or null when it is none the shop accepts. */
export function cvTypeOf(bytes: Buffer): CvType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return PDF;
  if (bytes.length >= 512 && bytes.subarray(0, 8).equals(OLE_HEADER)) return DOC;
  const names = zipEntryNames(bytes);
  if (names?.includes('word/document.xml') && names.includes('[Content_Types].xml')) return DOCX;
  return null;
}

