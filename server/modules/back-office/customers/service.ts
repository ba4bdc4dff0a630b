/**
 * The back office's customers: a search and a member's page, built field by field (never a
 * password hash, card, authenticator or session datum: none is even read).
 */
import { CUSTOMER_PAGE_SIZE, type Customer, type CustomerSummary } from '../../../../src/contract/admin-customers';
import type { Paginator } from '../../../../src/contract/catalogue';
import { orderStatusDisplay } from '../../../../src/domain/orders';
import { pageCountFor } from '../../../../src/domain/paginator';
import type { Database } from '../../../db/client';
import { PART_REQUEST_STATUSES } from '../../../db/schema';
import { notFound } from '../../../errors';
import { createCustomerRepository } from './repository';

export function createCustomerService({ db }: { db: Database }) {
  const repository = createCustomerRepository(db);
  return {
    async list(query: { q?: string | undefined; page?: number | undefined }): Promise<{ records: CustomerSummary[]; paginator: Paginator }> {
      const q = query.q?.trim() || undefined;
      const requested = query.page ?? 1;
      const total = await repository.count(q);
      const pageCount = pageCountFor(total, CUSTOMER_PAGE_SIZE);
      const page = Math.min(requested, Math.max(pageCount, 1));
      const rows = await repository.page(q, CUSTOMER_PAGE_SIZE, (page - 1) * CUSTOMER_PAGE_SIZE);
      return {
        records: rows.map((row) => ({
          id: row.id,
          first_name: row.firstName,
          last_name: row.lastName,
          email: row.email,
          type: row.type,
          is_guest: row.isGuest,
          postcode: row.postcode ?? '',
          orders: row.orders,
          created_at: row.createdAt.toISOString(),
        })),
        paginator: { count: total, perPage: CUSTOMER_PAGE_SIZE, limit: CUSTOMER_PAGE_SIZE, pageCount, sort: 'created', direction: 'DESC', page, requestedPage: requested },
      };
    },

    async customer(id: number): Promise<Customer> {
      const member = await repository.member(id);
      if (!member) throw notFound('No such customer.');
      const [addressRows, orderRows, returnRows, requestRows, garageRows] = await Promise.all([
        repository.addressesOf(id),
        repository.ordersOf(id),
        repository.returnsOf(id),
        repository.partRequestsOf(id),
        repository.garageOf(id),
      ]);
      return {
        id: member.id,
        first_name: member.firstName,
        last_name: member.lastName,
        email: member.email,
        type: member.type,
        is_guest: member.isGuest,
        newsletter: member.newsletter,
        created_at: member.createdAt.toISOString(),
        last_login_at: member.lastLoginAt?.toISOString() ?? null,
        profile: { company_name: member.companyName ?? '', vat_no: member.vatNo ?? '', mobile: member.mobile ?? '', phone: member.phone ?? '', work: member.work ?? '' },
        addresses: addressRows.map((address) => ({
          id: address.id,
          address_type: address.addressType,
          name: `${address.firstName} ${address.lastName}`.trim(),
          company_name: address.companyName,
          lines: [address.address1, address.address2, address.address3, address.city, address.county].filter((line) => line !== ''),
          postcode: address.postcode,
          phone: address.phone,
        })),
        orders: orderRows.map((order) => ({
          id: order.id,
          number: order.number,
          created: order.createdAt.toISOString(),
          total_value: order.totalValue,
          to_pay: order.toPay,
          status: orderStatusDisplay(order.statusId),
          lines: order.lines,
        })),
        returns: returnRows.map((row) => ({ id: row.id, order_number: row.orderNumber, part: row.part, status: row.status, created: row.createdAt.toISOString() })),
        part_requests: requestRows.map((row) => ({
          id: row.id,
          car_reg: row.carReg,
          part_name: row.partName,
          status: PART_REQUEST_STATUSES[row.status],
          found_part_tag: row.foundPartTag,
          created: row.createdAt.toISOString(),
        })),
        garage: garageRows.map((row) => ({
          id: row.id,
          vrn: row.vrn,
          vehicle: [row.make, row.model, row.year, row.engineCode].filter((part) => part !== null && part !== '').join(' '),
          is_current: row.isCurrent,
        })),
      };
    },
  };
}
