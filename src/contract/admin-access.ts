/**
 * Who may make each back-office call. Every call under /web-api/admin is made by `defineAdminCall`,
 * which records its access rule here as it is defined, so no call exists without one: the server
 * registers each call with exactly this check and the permission matrix test reads the same map.
 */
import type * as z from 'zod/v4/core';
import type { Permission } from '../domain/staff-permissions';
import type { CallDefinition, HttpMethod } from './define';

/** Who may make a call: anyone (the sign-in steps), any signed-in member of staff, or a permission. */
export type AdminAccess = 'sign-in' | 'staff' | Permission;

const registry = new Map<CallDefinition, AdminAccess>();

/** Every back-office call defined so far and its access rule. */
export const ADMIN_ACCESS: ReadonlyMap<CallDefinition, AdminAccess> = registry;

/** A back-office call (as `defineCall` makes one) with the access it needs. */
export function defineAdminCall<
  const M extends HttpMethod,
  const P extends string,
  Res extends z.$ZodType,
  Params extends z.$ZodType | undefined = undefined,
  Query extends z.$ZodType | undefined = undefined,
  Body extends z.$ZodType | undefined = undefined,
>(access: AdminAccess, call: CallDefinition<M, P, Params, Query, Body, Res>): CallDefinition<M, P, Params, Query, Body, Res> {
  registry.set(call, access);
  return call;
}
