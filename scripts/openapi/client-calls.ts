// A few of the shop's own calls through the TypeScript client openapi-typescript generates from
// the OpenAPI document (`npm run lint:openapi` writes .tmp/openapi/api.d.ts, then type-checks this
// file with scripts/openapi/tsconfig.json): the generated names and types must agree with the
// contract both ways, so a document that lost a field, a type or an operation's name fails here.
import type { operations, paths } from '../../.tmp/openapi/api';
import type { CallBody, CallResponse } from '../../src/contract/define';
import type { adminStaticPage } from '../../src/contract/admin-content';
import type { checkDiscountCode, updateRegionAndDelivery } from '../../src/contract/cart';
import type { getPartTypes } from '../../src/contract/part-types';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
/** True only when A and B are assignable to each other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree = <T extends true>(): T | undefined => undefined;

// Request bodies: what the storefront sends is what the document asks for.
type RegionBody = Json<paths['/web-api/carts/update-region-and-delivery']['patch']['requestBody']>;
export const region: RegionBody = { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 } satisfies CallBody<typeof updateRegionAndDelivery>;
type CodeBody = Json<operations['postDiscountCodesCheckCodeJson']['requestBody']>;
export const code: CodeBody = { code: 'SAVE10' } satisfies CallBody<typeof checkDiscountCode>;
agree<Same<keyof CodeBody, keyof NonNullable<CallBody<typeof checkDiscountCode>>>>();

// Answers: the contract's answer fits the document's, field for field.
type PartTypes = Json<operations['getProductsTypesJson']['responses'][200]>;
agree<Same<keyof PartTypes['data'][number], keyof CallResponse<typeof getPartTypes>['data'][number]>>();
export const partTypes = (answer: CallResponse<typeof getPartTypes>): PartTypes => answer;

// A back-office read, its path parameter named as the contract names it.
type PageParams = operations['getAdminPagesBySlugJson']['parameters']['path'];
export const page: PageParams = { slug: 'about' };
export const pageAnswer = (answer: CallResponse<typeof adminStaticPage>): Json<operations['getAdminPagesBySlugJson']['responses'][200]> => answer;
