/**
 * The addresses step (SPEC §2 step 2, §3 registration/checkout form, §4 addresses, §5 rules): who
 * is buying — the signed-in member, a guest account for this checkout, or a registration — and the
 * billing and delivery addresses the order will carry. Also what the form starts from (recent
 * addresses), the countries and the postcode lookup.
 */
import type { Address, Cart } from '../../../src/contract/cart';
import type { LookedUpAddress, UpdateShippingBody } from '../../../src/contract/checkout';
import { DEFAULT_COUNTRY_ID, isUkRegion } from '../../../src/domain/cart';
import { checkoutFormSchema, normaliseCheckoutForm } from '../../../src/domain/checkout-form';
import { t } from '../../../src/domain/messages';
import { isUkPostcode, postcodesMatch } from '../../../src/domain/validation';
import type { Database } from '../../db/client';
import { fieldError } from '../../http/fields';
import { notFound, unavailable } from '../../errors';
import type { PostcodeLookup } from '../../integrations/postcode-lookup';
import { createCartAccess, type PricingSettings, type Shopper } from '../cart/index';
import { createMemberService } from '../members/index';
import { parseFormFields } from './fields';

export interface CheckoutServiceOptions {
  db: Database;
  settings: PricingSettings;
  /** Feature flag companyAccount (SPEC §6), read at each call: staff may switch it in the back office. */
  companyAccount: () => boolean;
  postcodeLookup: PostcodeLookup;
  now?: () => Date;
}

export interface ShippingResult {
  msg: string;
  memberId: number;
  firstName: string;
  lastName: string;
  isGuest: boolean;
  /** The visitor registered: the route signs the session in and moves the cart along. */
  registered: boolean;
}

export function createCheckoutService({ db, settings, companyAccount, postcodeLookup, now = () => new Date() }: CheckoutServiceOptions) {
  const carts = createCartAccess(db);
  const members = createMemberService(db, now);

  return {
    async updateShipping(shopper: Shopper, body: UpdateShippingBody): Promise<ShippingResult> {
      const cart = await carts.findOpenCart(shopper);
      if (!cart || !(await carts.hasLines(cart.id))) throw notFound(t('cart.empty'));
      const signedIn = shopper.memberId !== null;
      const form = parseFormFields(checkoutFormSchema({ signedIn, companyAccount: companyAccount() }), body);
      const { billing, delivery } = normaliseCheckoutForm(form);

      // SPEC §5: the delivery postcode must be the one the delivery was priced for.
      const deliveryPostcode = delivery?.postcode ?? billing.postcode;
      if (cart.regionId !== null && isUkRegion(cart.regionId) && cart.regionPostcode !== '' && !postcodesMatch(deliveryPostcode, cart.regionPostcode)) {
        throw fieldError(delivery ? 'shipping.postcode' : 'member_address.postcode', t('cart.postcode_mismatch'));
      }
      const known = new Set((await carts.countryNames()).map((country) => country.id));
      if (!known.has(billing.country_id)) throw fieldError('member_address.country_id', t('validation.required'));
      if (delivery && !known.has(delivery.country_id)) throw fieldError('shipping.country_id', t('validation.required'));

      const registering = !signedIn && !form.is_guest;
      if (registering && (await members.emailRegistered(form.email))) throw fieldError('email', t('checkout.email_registered'));
      const passwordHash = registering ? await members.hashPassword(form.password) : null;
      const existingGuest = !signedIn && form.is_guest && cart.memberId !== null ? await members.find(cart.memberId) : null;

      const details = {
        firstName: form.first_name.trim(),
        lastName: form.last_name.trim(),
        type: form.type,
        newsletter: form.newsletter,
        sameShippingAddress: form.same_shipping_address,
      };
      const memberId = await db.transaction(async (tx) => {
        const membersHere = createMemberService(tx, now);
        let id: number;
        if (signedIn && shopper.memberId !== null) {
          id = shopper.memberId;
          await membersHere.update(id, details);
        } else if (registering && passwordHash !== null) {
          id = (await members.register(tx, { ...details, email: form.email }, passwordHash)).id;
        } else if (existingGuest?.isGuest) {
          id = existingGuest.id;
          await membersHere.update(id, { ...details, email: form.email.trim() });
        } else {
          id = (await membersHere.addGuest({ ...details, email: form.email.trim() })).id;
        }
        await membersHere.saveProfile(id, {
          mobile: form.member_profile.mobile.trim(),
          phone: form.member_profile.phone.trim(),
          questionnaire: form.member_profile.questionnaire,
          companyName: billing.company_name,
          vatNo: billing.vat_no,
        });
        const billingId = await membersHere.addAddress({
          memberId: id,
          addressType: billing.address_type,
          firstName: billing.first_name,
          lastName: billing.last_name,
          companyName: billing.company_name,
          vatNo: billing.vat_no,
          postcode: billing.postcode,
          address1: billing.address1,
          address2: billing.address2,
          city: billing.city,
          county: billing.county,
          phone: form.member_profile.mobile.trim(),
          countryId: billing.country_id,
        });
        const deliveryId = delivery
          ? await membersHere.addAddress({
              memberId: id,
              addressType: 'DELIVERY',
              firstName: delivery.first_name,
              lastName: delivery.last_name,
              companyName: delivery.company_name,
              postcode: delivery.postcode,
              address1: delivery.address1,
              address2: delivery.address2,
              city: delivery.city,
              county: delivery.county,
              phone: delivery.phone,
              countryId: delivery.country_id,
            })
          : billingId;
        await createCartAccess(tx).updateCart(cart.id, {
          memberId: id,
          billingAddressId: billingId,
          deliveryAddressId: deliveryId,
          sameShippingAddress: form.same_shipping_address,
          commentsDelivery: form.cart.comments_delivery.trim(),
        });
        return id;
      });

      return {
        msg: t(registering ? 'checkout.registered' : 'checkout.details_saved'),
        memberId,
        firstName: details.firstName,
        lastName: details.lastName,
        isGuest: !signedIn && form.is_guest,
        registered: registering,
      };
    },

    async cart(shopper: Shopper): Promise<Cart> {
      return (await carts.price(settings, await carts.findOpenCart(shopper), now())).answer;
    },

    /** GET /addresses/get-recent: the signed-in member, or the guest account of this cart, and the addresses last used. */
    async recent(shopper: Shopper) {
      const cart = await carts.findOpenCart(shopper);
      const memberId = shopper.memberId ?? cart?.memberId ?? null;
      const member = memberId === null ? null : await carts.member(memberId);
      if (!member) return { member: null, billing_address: null, delivery_address: null };
      const profile = await members.profile(member.id);
      const billingId = cart?.billingAddressId ?? (await members.latestAddress(member.id, ['BILLING', 'BOTH']));
      const deliveryId = cart?.deliveryAddressId ?? (await members.latestAddress(member.id, ['DELIVERY', 'BOTH']));
      const found = await carts.addressesById([billingId, deliveryId]);
      const pick = (id: number | null): Address | null => (id === null ? null : (found.get(id) ?? null));
      return {
        member: {
          id: member.id,
          email: member.email,
          first_name: member.firstName,
          last_name: member.lastName,
          type: member.type,
          is_guest: member.isGuest,
          same_shipping_address: member.sameShippingAddress,
          member_profile: { mobile: profile?.mobile ?? '', phone: profile?.phone ?? '', company_name: profile?.companyName ?? '', vat_no: profile?.vatNo ?? '' },
        },
        billing_address: pick(billingId),
        delivery_address: pick(deliveryId),
      };
    },

    async countries(): Promise<Record<string, string>> {
      return Object.fromEntries((await carts.countryNames()).map((country) => [String(country.id), country.name]));
    },

    /** GET /addresses/lookup: 422 for a postcode that is not UK-shaped, 404 unknown, 503 when the service cannot answer. */
    async lookup(postcode: string): Promise<{ postcode: string; addresses: LookedUpAddress[] }> {
      if (!isUkPostcode(postcode)) throw fieldError('postcode', t('validation.postcode'));
      const result = await postcodeLookup.find(postcode);
      if (result.status === 'not_found') throw notFound(t('addresses.not_found'));
      if (result.status === 'unavailable') throw unavailable(t('addresses.lookup_unavailable'));
      return {
        postcode: result.addresses[0]?.postcode ?? postcode.trim().toUpperCase(),
        addresses: result.addresses.map((address) => ({ ...address, country_id: DEFAULT_COUNTRY_ID })),
      };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
