import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { auditLog, staff } from '../../../db/schema';

export interface AuditEntry {
  /** Null: the command line. */
  staffId: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  at: Date;
}

export interface AuditFilter {
  staffId?: number | undefined;
  entity?: string | undefined;
}

/** The append-only audit log: entries are inserted (in the change's transaction) and read, never changed. */
export function createAuditRepository(db: Database) {
  const where = ({ staffId, entity }: AuditFilter): SQL | undefined =>
    and(...[staffId === undefined ? undefined : eq(auditLog.staffId, staffId), entity === undefined ? undefined : eq(auditLog.entity, entity)].filter((c): c is SQL => c !== undefined));

  return {
    async insert(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
    },

    async count(filter: AuditFilter): Promise<number> {
      const [row] = await db.select({ total: count() }).from(auditLog).where(where(filter));
      return row?.total ?? 0;
    },

    /** A page of entries, newest first, with the name of who made each. */
    async page(filter: AuditFilter, limit: number, offset: number) {
      return db
        .select({
          id: auditLog.id,
          staffId: auditLog.staffId,
          staffName: staff.name,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
          at: auditLog.at,
        })
        .from(auditLog)
        .leftJoin(staff, eq(staff.id, auditLog.staffId))
        .where(where(filter))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
        .offset(offset);
    },
  };
}
