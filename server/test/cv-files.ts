/**
 * Test aid: CVs as people send them, made for real (a PDF written by pdfkit, a .docx zip as Word
 * lays it out, a .doc compound file with its WordDocument stream), and the polyglot the shop must
 * refuse: `%PDF-1.4` followed by an HTML page.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/** A one-page PDF saying `text`, padded with a comment to about `size` bytes when asked. */
export async function pdfCv(text = 'Jo Bloggs — Curriculum Vitae', size = 0): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', compress: false, info: { CreationDate: new Date('2026-03-01T09:00:00Z') } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.text(text);
  doc.end();
  await done;
  const bytes = Buffer.concat(chunks);
  // Bytes after %%EOF are ignored by readers: a large CV without drawing a large one.
  return size > bytes.length ? Buffer.concat([bytes, Buffer.from(`%${' '.repeat(size - bytes.length - 2)}\n`)]) : bytes;
}

/** Starts like a PDF, is an HTML page. */
export const polyglotCv = (): Buffer => Buffer.from('%PDF-1.4\n<!doctype html><html><body><script>alert(document.cookie)</script><h1>Jo Bloggs</h1></body></html>\n');

/** A zip with these entries (deflated), as Word writes a .docx. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORD_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/** A .docx whose document says `text`; `document` replaces word/document.xml whole. */
export const docxCv = (text = 'Jo Bloggs', document?: string): Buffer =>
  zip({
    '[Content_Types].xml': WORD_TYPES,
    'word/document.xml':
      document ??
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  });

/**
 * A legacy .doc: a compound file of 512-byte sectors (0: the allocation table, 1: the directory,
 * 2–9: the WordDocument stream opening with Word's signature 0xA5EC). `signature` false writes
 * zeros there: a compound file that is not a Word document.
 */
export function docCv({ signature = true } = {}): Buffer {
  const sector = 512;
  const streamSectors = 8;
  const file = Buffer.alloc(sector * (3 + streamSectors));
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 24);
  file.writeUInt16LE(3, 26);
  file.writeUInt16LE(0xfffe, 28);
  file.writeUInt16LE(9, 30);
  file.writeUInt16LE(6, 32);
  file.writeUInt32LE(1, 44);
  file.writeUInt32LE(1, 48);
  file.writeUInt32LE(4096, 56);
  file.writeUInt32LE(0xfffffffe, 60);
  file.writeUInt32LE(0xfffffffe, 68);
  for (let i = 0; i < 109; i += 1) file.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 76 + i * 4);
  const fat = sector;
  file.fill(0xff, fat, fat + sector);
  file.writeUInt32LE(0xfffffffd, fat);
  file.writeUInt32LE(0xfffffffe, fat + 4);
  for (let s = 2; s < 2 + streamSectors; s += 1) file.writeUInt32LE(s === 1 + streamSectors ? 0xfffffffe : s + 1, fat + s * 4);
  const directory = sector * 2;
  const entry = (at: number, name: string, type: number, start: number, size: number) => {
    file.write(`${name}\0`, at, 'utf16le');
    file.writeUInt16LE((name.length + 1) * 2, at + 64);
    file[at + 66] = type;
    file.writeUInt32LE(0xffffffff, at + 68);
    file.writeUInt32LE(0xffffffff, at + 72);
    file.writeUInt32LE(0xffffffff, at + 76);
    file.writeUInt32LE(start, at + 116);
    file.writeUInt32LE(size, at + 120);
  };
  entry(directory, 'Root Entry', 5, 0xfffffffe, 0);
  file.writeUInt32LE(1, directory + 76);
  entry(directory + 128, 'WordDocument', 2, 2, streamSectors * sector);
  if (signature) file.writeUInt16LE(0xa5ec, sector * 3);
  return file;
}
