// The job adverts and their applications as the back office keeps them, for the admin-content
// module through jobs/index.ts: the SQL stays in admin-repository.ts and application-repository.ts.
import type { Database } from '../../db/client';
import { createJobAdminRepository } from './admin-repository';
import { createJobApplicationRepository } from './application-repository';

/** The adverts with their applications, one by id or slug, locking, creating, changing and deleting one. */
export function createJobAdminService(db: Database) {
  const repository = createJobAdminRepository(db);
  return { categories: repository.categories, locations: repository.locations, sectors: repository.sectors, list: repository.list, byId: repository.byId, lock: repository.lock, idOfSlug: repository.idOfSlug, insert: repository.insert, update: repository.update, delete: repository.delete };
}

export type JobAdminService = ReturnType<typeof createJobAdminService>;

/** An advert's applications, one application (locked or not), its CV, and marking it. */
export function createJobApplicationAdminService(db: Database) {
  const repository = createJobApplicationRepository(db);
  return { forJob: repository.forJob, byId: repository.byId, lock: repository.lock, cv: repository.cv, setStatus: repository.setStatus };
}
