/**
 * The jobs section and the blog (SPEC §2 'Jobs and blog', §3 Job and Article): job categories,
 * locations and sectors, the adverts with their expiry, the applications with their CVs; article
 * tags and categories, the articles (Markdown, published from public_date on) and their tags.
 * The static pages live in content_pages (catalogue-schema.ts). Re-exported by schema.ts.
 */
import { boolean, customType, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Binary data (a CV) as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const jobCategories = pgTable('job_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const jobLocations = pgTable('job_locations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** Whom the role reports to (SPEC §2 'reporting to = job sector name'). */
export const jobSectors = pgTable('job_sectors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    purpose: text('purpose').notNull(),
    /** The whole advert as Markdown, rendered and sanitised when read. */
    description: text('description').notNull(),
    /** How to apply, Markdown. */
    howToApply: text('how_to_apply').notNull(),
    salary: text('salary'),
    /** Whole pounds a year. */
    salaryFrom: integer('salary_from'),
    salaryTo: integer('salary_to'),
    workingHours: text('working_hours').notNull(),
    workingPattern: text('working_pattern').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => jobCategories.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => jobLocations.id),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => jobSectors.id),
    featured: boolean('featured').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** After this instant the job leaves the lists and takes no applications; null: open until withdrawn. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('jobs_created_idx').on(t.createdAt, t.id), index('jobs_category_idx').on(t.categoryId), index('jobs_location_idx').on(t.locationId)],
);

/** An application with its CV, as received (the CV's type was read from its bytes). */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    cvFilename: text('cv_filename').notNull(),
    /** 'application/pdf', the .docx type or 'application/msword'. */
    cvContentType: text('cv_content_type').notNull(),
    cvSize: integer('cv_size').notNull(),
    cvData: bytea('cv_data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('job_applications_job_idx').on(t.jobId)],
);

export const articleTags = pgTable('article_tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const articleCategories = pgTable('article_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** The tab bar's order. */
  position: integer('position').notNull(),
});

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** Markdown, one paragraph. */
    summary: text('summary').notNull(),
    /** Markdown, rendered and sanitised when read. */
    body: text('body').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => articleCategories.id),
    /** What the drawn picture shows (its alt text) and its palette's seed. */
    imageAlt: text('image_alt').notNull(),
    imageSeed: integer('image_seed').notNull(),
    /**
     * Staff removed its picture: the blog shows none (not the drawn one either) until a picture is
     * uploaded again. Otherwise the uploaded picture (article_pictures) or the drawn one.
     */
    noPicture: boolean('no_picture').notNull().default(false),
    /** Visible from this instant on; null for a draft, which the shop never shows. */
    publicDate: timestamp('public_date', { withTimezone: true }),
  },
  (t) => [index('articles_public_date_idx').on(t.publicDate, t.id), index('articles_category_idx').on(t.categoryId)],
);

export const articleTagLinks = pgTable(
  'article_tag_links',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => articleTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.tagId] }), index('article_tag_links_tag_idx').on(t.tagId)],
);
