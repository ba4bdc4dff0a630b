/**
 * After a run: the own shops' seeded demo shop (own-shop.ts, some 130 MB) goes; the run's data
 * folder itself stays, as before, with the shared server's database and the staff secrets.
 */
import { rmSync } from 'node:fs';
import { seededShopFolder } from './own-shop';

export default function globalTeardown(): void {
  const folder = seededShopFolder();
  if (folder) rmSync(folder, { recursive: true, force: true });
}
