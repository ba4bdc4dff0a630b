/**
 * The jobs section: categories, locations, sectors, the adverts and their applications with CVs.
 * Owned by server/modules/jobs: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../columns';

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
    /** 'received' until staff mark it 'reviewed' or 'rejected' (src/contract/admin-job-applications.ts). */
    status: text('status').notNull().default('received'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
  },
  // By received time: the retention round deletes the oldest.
  (t) => [index('job_applications_job_idx').on(t.jobId), index('job_applications_created_idx').on(t.createdAt)],
);
