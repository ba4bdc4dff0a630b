/**
 * Back-office stock test helpers: the little of the catalogue the part form chooses from (a make,
 * its models, grades, a category for every part type) on a database with only part types, a
 * part form's body, a part added as staff add one, and photos as a browser uploads them.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client';
import { categories, gradings, makes, models, partImages, parts, partTypes } from '../db/schema';
import { createStockService } from '../modules/back-office/stock/service';

export const TEST_MAKE = { id: 9001, name: 'Volkswagen' };
export const TEST_MODELS = [
  { id: 9101, makeId: 9001, name: 'Golf', generation: 'Mk7', slug: 'golf-mk7', yearFrom: 2012, yearTo: 2020 },
  { id: 9102, makeId: 9001, name: 'Golf', generation: 'Mk8', slug: 'golf-mk8', yearFrom: 2020, yearTo: null },
  { id: 9103, makeId: 9001, name: 'Passat', generation: null, slug: 'passat', yearFrom: 2010, yearTo: 2023 },
];

/** Makes sure the reference rows exist (a seeded catalogue has its own; these are added beside them). */
export async function ensureStockReference(db: Database): Promise<{ alternatorId: number }> {
  await db.insert(makes).values({ ...TEST_MAKE, slug: 'volkswagen-test' }).onConflictDoNothing();
  await db.insert(models).values(TEST_MODELS).onConflictDoNothing();
  await db
    .insert(gradings)
    .values(['A', 'B', 'C'].map((level) => ({ level, title: `Grade ${level}`, description: `Grade ${level}.`, bgColor: '#333333' })))
    .onConflictDoNothing();
  await db.insert(categories).values({ id: 9201, parentId: null, name: 'Test parts', slug: 'test-parts', icon: 'box' }).onConflictDoNothing();
  await db.execute(sql`INSERT INTO category_part_types (category_id, part_type_id) SELECT 9201, id FROM part_types WHERE NOT EXISTS (SELECT 1 FROM category_part_types c WHERE c.part_type_id = part_types.id) ON CONFLICT DO NOTHING`);
  const [alternator] = await db.select({ id: partTypes.id }).from(partTypes).where(eq(partTypes.name, 'Alternator'));
  if (!alternator) throw new Error('no Alternator part type');
  return { alternatorId: alternator.id };
}

let made = 0;
/** A unique Tag for a test's part. */
export const newTag = (prefix = 'T') => `${prefix}${String(Date.now() % 1_000_000).padStart(6, '0')}${(made += 1)}`;

/** The part form's body of a good part, with `changes`. */
export function partBody(alternatorId: number, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    tag: newTag(),
    stock_number: 'STK-990001',
    part_type_id: alternatorId,
    make_id: TEST_MAKE.id,
    model_id: 9101,
    year: 2016,
    engine_code: 'CJZA',
    description: 'Tested alternator, charges at 14.2 V.',
    oem: '04E903015A',
    grade: 'A',
    price: '85.00',
    rrp: '240.00',
    status: 'available',
    likely_match_note: '',
    fitments: [{ model_id: 9101, year_from: 2013, year_to: 2020, engine_code: 'CJZA', level: 1 }],
    ...changes,
  };
}

/** A part added straight through the service (as a member of staff would), for tests that need one. */
export async function addTestPart(db: Database, now: () => Date = () => new Date('2026-03-02T09:00:00Z')): Promise<number> {
  const { alternatorId } = await ensureStockReference(db);
  const service = createStockService({ db, now });
  const part = await service.create(partBody(alternatorId) as never, async () => undefined);
  return part.id;
}

export async function partCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(parts);
  return row?.n ?? 0;
}

/** A small real photo: a coloured rectangle as JPEG or PNG. */
export async function testPhoto(format: 'jpeg' | 'png' = 'jpeg', colour = '#cc3300', width = 320, height = 240): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer();
}

/** A multipart/form-data body of files under `field`, as a browser sends an upload. */
export function multipart(files: readonly { name: string; data: Buffer; type?: string }[], field = 'photos'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shopTestBoundary${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A drawn picture added to a part, as the catalogue's seeded ones are. */
export async function addDrawnPhoto(db: Database, partId: number): Promise<number> {
  const [image] = await db.insert(partImages).values({ partId, position: 0, drawingSeed: 7, alt: 'photo' }).returning({ id: partImages.id });
  if (!image) throw new Error('no image');
  return image.id;
}
