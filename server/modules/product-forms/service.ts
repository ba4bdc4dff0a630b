/**
 * The product pages' forms (SPEC §3, §5, §7): a back-in-stock notification request is checked,
 * stored and confirmed to the customer; an enquiry is checked, stored and e-mailed to the shop.
 * Each write and its mail happen in one transaction, under the request's Idempotency-Key when it
 * has one, so an offline outbox replaying it stores and mails nothing twice.
 */
import type { ProductNotificationBody, EnquiryBody } from '../../../src/contract/product-forms';
import { formatMoney, grossFromNet } from '../../../src/domain/money';
import { t } from '../../../src/domain/messages';
import { enquiryFormSchema, productNotificationFormSchema } from '../../../src/domain/product-forms';
import { partTypeName } from '../../../src/domain/part-types';
import { productPath } from '../../../src/domain/urls';
import type { Database } from '../../db/client';
import { parseFields } from '../../http/fields';
import { conflict, notFound } from '../../errors';
import { createIdempotency, type IdempotencyScope } from '../../http/idempotency';
import { createOutboxMailer } from '../../integrations/mail';
import { createProductFormRepository, type FormPartRecord } from './repository';

export interface FormCaller {
  sessionId: string;
  memberId: number | null;
  idempotency: IdempotencyScope | undefined;
}

export interface ProductFormsOptions {
  db: Database;
  /** The shop's public address without a trailing slash, for links in mails. */
  publicUrl: string;
  /** Where enquiries are mailed. */
  shopEmail: string;
}

/** What a stored notification request answers (the route wraps it in the success envelope). */
export interface NotificationAnswer {
  msg: string;
}

/** What a sent enquiry answers (the route wraps it in the enquiry call's own {status} answer). */
export interface EnquiryAnswer {
  message: string;
}

/** The reference the shop quotes back: 'ENQ-000042'. */
const enquiryReference = (id: number) => `ENQ-${String(id).padStart(6, '0')}`;

/** A part's display name, as its product card shows it. */
export const partDisplayName = (part: Pick<FormPartRecord, 'partName' | 'partTypeName' | 'partTypeExternalName'>): string =>
  partTypeName(part.partName, [{ Name: part.partTypeName, ExternalName: part.partTypeExternalName }]);

/** The canonical address of a part's page (SPEC §2 product URL). */
export function partUrl(publicUrl: string, part: Pick<FormPartRecord, 'tag' | 'makeName' | 'modelName' | 'partName' | 'partTypeName' | 'partTypeExternalName'>): string {
  return publicUrl + productPath({ make: part.makeName, model: part.modelName, partName: partDisplayName(part), tag: part.tag });
}

/** SPEC §2 'product/{slug}': the address of a vehicle product's page. */
export const vehicleUrl = (publicUrl: string, slug: string): string => `${publicUrl}/product/${encodeURIComponent(slug)}`;

export function createProductFormService({ db, publicUrl, shopEmail }: ProductFormsOptions) {
  const idempotency = createIdempotency(db);
  const repository = createProductFormRepository(db);

  return {
    async notify(body: ProductNotificationBody, caller: FormCaller): Promise<{ answer: NotificationAnswer; replayed: boolean }> {
      const earlier = await idempotency.replay<NotificationAnswer>(caller.idempotency);
      if (earlier) return { answer: earlier, replayed: true };

      const form = parseFields(productNotificationFormSchema, body);
      const part = await repository.partByTag(form.product_id);
      if (!part) throw notFound(t('product.not_found'));
      // Nothing to wait for: the page offers the part itself.
      if (part.status === 'available') throw conflict(t('notifications.in_stock'));

      const names = { partName: partDisplayName(part), make: part.makeName, model: part.modelName };
      return idempotency.once(caller.idempotency, async (tx) => {
        const id = await createProductFormRepository(tx).insertNotification({
          partTag: part.tag,
          partTypeId: part.partTypeId,
          makeId: part.makeId,
          modelId: part.modelId,
          partName: names.partName,
          makeName: part.makeName,
          modelName: part.modelName,
          firstName: form.first_name,
          lastName: form.last_name,
          email: form.email,
          phone: form.phone || null,
          memberId: caller.memberId,
          sessionId: caller.sessionId,
        });
        // A second request for what this address already waits for: one request, one mail.
        if (id !== null) {
          await createOutboxMailer(tx).send({
            to: form.email,
            subject: t('notifications.mail_subject', names),
            text: t('notifications.mail_text', { ...names, firstName: form.first_name, productUrl: partUrl(publicUrl, part) }),
          });
        }
        return { msg: t('notifications.sent', { ...names, email: form.email }) };
      });
    },

    async enquire(body: EnquiryBody, caller: FormCaller): Promise<{ answer: EnquiryAnswer; replayed: boolean }> {
      const earlier = await idempotency.replay<EnquiryAnswer>(caller.idempotency);
      if (earlier) return { answer: earlier, replayed: true };

      const form = parseFields(enquiryFormSchema, body);
      const product = await productOf(form.product_type, form.product_id);
      if (!product) throw notFound(t('product.not_found'));

      return idempotency.once(caller.idempotency, async (tx) => {
        const id = await createProductFormRepository(tx).insertEnquiry({
          formName: form.form_name,
          productType: form.product_type,
          productRef: form.product_id,
          productName: product.name,
          firstName: form.first_name,
          lastName: form.last_name,
          phoneNumber: form.phone_number,
          emailAddress: form.email_address,
          contactByPhone: form.contact_by_phone,
          contactByEmail: form.contact_by_email,
          message: form.message ?? '',
          memberId: caller.memberId,
          sessionId: caller.sessionId,
        });
        const reference = enquiryReference(id);
        const contactBy = [form.contact_by_phone ? 'phone' : null, form.contact_by_email ? 'email' : null].filter(Boolean).join(' and ');
        await createOutboxMailer(tx).send({
          to: shopEmail,
          subject: t('enquiry.mail_subject', { reference, productName: product.name }),
          text: t('enquiry.mail_text', {
            reference,
            productName: product.name,
            productReference: form.product_id,
            price: product.grossPrice === null ? '-' : formatMoney(product.grossPrice),
            productUrl: product.url,
            firstName: form.first_name,
            lastName: form.last_name,
            email: form.email_address,
            phone: form.phone_number,
            contactBy: contactBy || 'no preference',
            message: form.message || '(none)',
          }),
        });
        return { message: t('enquiry.sent') };
      });
    },
  };

  /** The product an enquiry is about, named, priced (gross) and linked from the shop's own record. */
  async function productOf(type: 'part' | 'vehicle', ref: string): Promise<{ name: string; grossPrice: number | null; url: string } | undefined> {
    if (type === 'part') {
      const part = await repository.partByTag(ref);
      if (!part) return undefined;
      const name = `${part.makeName} ${part.modelName} ${partDisplayName(part)} (${part.tag})`;
      return { name, grossPrice: grossFromNet(part.priceNet), url: partUrl(publicUrl, part) };
    }
    const vehicle = await repository.vehicleBySlug(ref);
    if (!vehicle) return undefined;
    return { name: vehicle.name, grossPrice: vehicle.price === null ? null : grossFromNet(vehicle.price), url: vehicleUrl(publicUrl, vehicle.slug) };
  }
}
