/**
 * The parts CSV import (docs/stock-import.md): the columns, the template, reading the file
 * (RFC 4180: commas, double-quoted fields with "" for a quote, CRLF or LF) and checking every row
 * with the part form's rules ({@link checkPart}). Line numbers are the file's own, the header
 * being line 1, so a problem can be found in a spreadsheet at once.
 */
import { checkPart, type FieldProblems, type PartDraft, type PartFields, type StockReference } from './stock-entry';

/** The columns in the template's order; the header may list them in any order. */
export const IMPORT_COLUMNS = [
  'tag',
  'stock_number',
  'part_type',
  'make',
  'model',
  'year',
  'engine_code',
  'oem',
  'grade',
  'price',
  'rrp',
  'description',
  'status',
  'fitments',
  'likely_match_note',
  'package_type',
  'warranties',
] as const satisfies readonly (keyof PartFields)[];
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Columns a file may leave out (every row then leaves them empty). */
export const OPTIONAL_COLUMNS: readonly ImportColumn[] = ['engine_code', 'rrp', 'status', 'fitments', 'likely_match_note', 'package_type', 'warranties'];

export const IMPORT_MAX_ROWS = 5000;
/** The file's size as JSON carries it: under the API's 1 MB body. */
export const IMPORT_MAX_CHARACTERS = 900_000;

/** The template a member of staff downloads: the header and one example row. */
export const IMPORT_TEMPLATE =
  `${IMPORT_COLUMNS.join(',')}\r\n` +
  'P9000001,STK-700001,Alternator,Volkswagen,Golf Mk7,2016,CJZA,04E903015,A,85.00,240.00,"Tested, charges at 14.2 V. Pulley and plug undamaged.",available,Golf Mk7 2013-2020/CJZA; Octavia 2013-2019/CJZA,,,\r\n';

export interface ImportProblem {
  /** The file's line (the header is line 1). */
  line: number;
  field: string;
  message: string;
}

export interface ImportRow {
  line: number;
  part: PartDraft;
}

export interface ImportCheck {
  rows: ImportRow[];
  problems: ImportProblem[];
  /** How many data rows the file has. */
  total: number;
  /** Problems of the file itself (no header, a missing column, too many rows): nothing can be imported. */
  fileProblems: string[];
}

/** The records of a CSV text, each with the line it starts on. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let started = false;
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"') {
        if (body[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') {
      quoted = true;
      started = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      started = true;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      if (started || cell !== '') {
        cells.push(cell);
        records.push({ line: start, cells });
      }
      cells = [];
      cell = '';
      started = false;
      line++;
      start = line;
    } else {
      cell += char;
      started = true;
    }
  }
  if (started || cell !== '') {
    cells.push(cell);
    records.push({ line: start, cells });
  }
  return records;
}

/**
 * Every row of the file checked: the parts that pass and each problem by line and field. `taken`
 * answers whether a Tag is in the shop already; a Tag twice in the file is a problem of its
 * second line.
 */
export function checkImport(text: string, reference: StockReference, taken: (tag: string) => boolean): ImportCheck {
  const records = parseCsv(text).filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  const [header, ...data] = records;
  const empty: ImportCheck = { rows: [], problems: [], total: data.length, fileProblems: [] };
  if (!header) return { ...empty, fileProblems: ['The file is empty: start from the template.'] };
  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  const unknown = names.filter((name) => name !== '' && !(IMPORT_COLUMNS as readonly string[]).includes(name));
  const missing = IMPORT_COLUMNS.filter((column) => !OPTIONAL_COLUMNS.includes(column) && !names.includes(column));
  const fileProblems = [
    ...(missing.length > 0 ? [`The header has no column ${missing.join(', ')}: start from the template.`] : []),
    ...(unknown.length > 0 ? [`Unknown columns: ${unknown.join(', ')}.`] : []),
    ...(data.length > IMPORT_MAX_ROWS ? [`At most ${IMPORT_MAX_ROWS} rows a file; this one has ${data.length}.`] : []),
    ...(data.length === 0 ? ['The file has no rows under its header.'] : []),
  ];
  if (fileProblems.length > 0) return { ...empty, fileProblems };

  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  for (const record of data) {
    const value = (column: ImportColumn) => {
      const index = names.indexOf(column);
      return index < 0 ? '' : (record.cells[index] ?? '');
    };
    const fields = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, value(column)])) as unknown as PartFields;
    const report = (errors: FieldProblems) => {
      for (const [field, messages] of Object.entries(errors)) for (const message of messages) problems.push({ line: record.line, field, message });
    };
    if (record.cells.length > names.length) report({ row: [`${record.cells.length} cells for ${names.length} columns: is a comma missing its quotes?`] });
    const checked = checkPart(fields, reference);
    if (!checked.ok) {
      report(checked.errors);
      continue;
    }
    const { tag } = checked.part;
    const first = seen.get(tag);
    if (first !== undefined) report({ tag: [`${tag} is on line ${first} already.`] });
    else if (taken(tag)) report({ tag: [`${tag} is in the shop already.`] });
    else if (record.cells.length <= names.length) rows.push({ line: record.line, part: checked.part });
    if (first === undefined) seen.set(tag, record.line);
  }
  problems.sort((a, b) => a.line - b.line);
  return { rows, problems, total: data.length, fileProblems: [] };
}
