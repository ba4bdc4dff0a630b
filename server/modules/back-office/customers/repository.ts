/** SQL of the back office's customers: members found by name, e-mail, postcode or order number, and their account. */
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { addresses, garageVehicles, memberProfiles, members, orderProducts, orders, partRequests, returns } from '../../../db/schema';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The columns a customer's summary reads: never the password hash. */
const summaryColumns = {
  id: members.id,
  firstName: members.firstName,
  lastName: members.lastName,
  email: members.email,
  type: members.type,
  isGuest: members.isGuest,
  createdAt: members.createdAt,
  postcode: sql<string | null>`(select a.postcode from ${addresses} a where a.member_id = ${members.id} order by a.id desc limit 1)`,
  orders: sql<number>`(select count(*)::int from ${orders} o where o.member_id = ${members.id})`,
};

export function createCustomerRepository(db: Database) {
  const where = (q: string | undefined): SQL | undefined => {
    if (!q) return undefined;
    const words = q.split(/\s+/).filter((word) => word !== '');
    const like = `${escapeLike(q)}%`;
    const postcode = q.replace(/\s+/g, '').toUpperCase();
    return or(
      ilike(members.email, like),
      ilike(members.firstName, like),
      ilike(members.lastName, like),
      words.length >= 2 ? and(ilike(members.firstName, `${escapeLike(words[0]!)}%`), ilike(members.lastName, `${escapeLike(words.slice(1).join(' '))}%`)) : undefined,
      postcode.length >= 2 ? sql`exists (select 1 from ${addresses} a where a.member_id = ${members.id} and upper(replace(a.postcode, ' ', '')) like ${`${escapeLike(postcode)}%`})` : undefined,
      sql`exists (select 1 from ${orders} o where o.member_id = ${members.id} and upper(o.number) = ${q.toUpperCase()})`,
    );
  };

  return {
    async count(q: string | undefined): Promise<number> {
      const [row] = await db.select({ total: count() }).from(members).where(where(q));
      return row?.total ?? 0;
    },

    async page(q: string | undefined, limit: number, offset: number) {
      return db.select(summaryColumns).from(members).where(where(q)).orderBy(desc(members.createdAt), desc(members.id)).limit(limit).offset(offset);
    },

    async member(id: number) {
      const [row] = await db
        .select({
          id: members.id,
          firstName: members.firstName,
          lastName: members.lastName,
          email: members.email,
          type: members.type,
          isGuest: members.isGuest,
          newsletter: members.newsletter,
          createdAt: members.createdAt,
          lastLoginAt: members.lastLoginAt,
          companyName: memberProfiles.companyName,
          vatNo: memberProfiles.vatNo,
          mobile: memberProfiles.mobile,
          phone: memberProfiles.phone,
          work: memberProfiles.work,
        })
        .from(members)
        .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
        .where(eq(members.id, id));
      return row;
    },

    async addressesOf(memberId: number) {
      return db.select().from(addresses).where(eq(addresses.memberId, memberId)).orderBy(desc(addresses.id)).limit(50);
    },

    async ordersOf(memberId: number) {
      return db
        .select({
          id: orders.id,
          number: orders.number,
          createdAt: orders.createdAt,
          totalValue: orders.totalValue,
          toPay: orders.toPay,
          statusId: orders.statusId,
          lines: sql<number>`(select count(*)::int from ${orderProducts} l where l.order_id = ${orders.id})`,
        })
        .from(orders)
        .where(eq(orders.memberId, memberId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(100);
    },

    async returnsOf(memberId: number) {
      return db
        .select({ id: returns.id, orderNumber: orders.number, part: orderProducts.name, status: returns.status, createdAt: returns.createdAt })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .innerJoin(orderProducts, eq(orderProducts.id, returns.orderProductId))
        .where(eq(returns.memberId, memberId))
        .orderBy(desc(returns.createdAt), desc(returns.id))
        .limit(100);
    },

    async partRequestsOf(memberId: number) {
      return db
        .select({ id: partRequests.id, carReg: partRequests.carReg, partName: partRequests.partName, status: partRequests.status, foundPartTag: partRequests.foundPartTag, createdAt: partRequests.createdAt })
        .from(partRequests)
        .where(eq(partRequests.memberId, memberId))
        .orderBy(desc(partRequests.createdAt), desc(partRequests.id))
        .limit(100);
    },

    async garageOf(memberId: number) {
      return db
        .select({ id: garageVehicles.id, vrn: garageVehicles.vrn, make: garageVehicles.make, model: garageVehicles.model, year: garageVehicles.year, engineCode: garageVehicles.engineCode, isCurrent: garageVehicles.isCurrent })
        .from(garageVehicles)
        .where(eq(garageVehicles.memberId, memberId))
        .orderBy(asc(garageVehicles.id));
    },
  };
}
