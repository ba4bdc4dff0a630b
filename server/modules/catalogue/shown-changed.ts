/**
 * For other modules: what product pages show has changed without any part changing (a buyer's
 * review approved, issue 32). Raises the stock version in the caller's transaction, so every
 * process stops answering its kept product pages and reviews; after the commit the caller calls
 * `stockChangedHere()` so this process sees it at once.
 */
import type { Database } from '../../db/client';
import { createCatalogueRepository } from './repository';

export async function productPagesChanged(db: Database): Promise<void> {
  await createCatalogueRepository(db).raiseVersion();
}
