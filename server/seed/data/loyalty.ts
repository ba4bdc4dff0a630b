/**
 * The loyalty page's texts (SPEC §3 'Loyalty statics'), trusted HTML written here in British
 * English; GET /static-contents/get-discount-thresholds-statics.json answers them as they are.
 */
import * as z from 'zod';
import { readReferenceData } from './load';

const html = z.string().min(1);

export const LOYALTY_STATICS: { readonly loyalty_discounts_top_text: string; readonly loyalty_discounts_bottom_text: string } = readReferenceData(
  'loyalty.json',
  z.object({ loyalty_discounts_top_text: html, loyalty_discounts_bottom_text: html }),
);
