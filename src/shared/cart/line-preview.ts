/**
 * What the page showed of a part, looked up in the query cache by its Tag, for the line a change
 * made without signal draws at once (src/shared/cart/pending-cart.ts). The part page's answer
 * (`product` with `warranties`) is the best source; a listing's or search's product card has the
 * name, photo and price without warranties. The cart module does not know those features' keys,
 * so it reads the cached answers by their shape (SPEC §3 field names).
 */
import type { QueryClient } from '@tanstack/react-query';
import { productPath } from '../../domain/urls';
import type { LinePreview } from './cart-api';

interface CardShape {
  Tag: string;
  name: string;
  Price: number;
  image?: string;
  MainImgURL?: string;
  ManuName?: string;
  ModelName?: string;
  formattedName?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isCard(value: unknown, tag: string): value is CardShape {
  return isRecord(value) && value.Tag === tag && typeof value.name === 'string' && typeof value.Price === 'number';
}

function isWarranty(value: unknown): value is LinePreview['warranties'][number] {
  return isRecord(value) && typeof value.id === 'number' && typeof value.name === 'string' && typeof value.value === 'number' && typeof value.is_default === 'boolean';
}

/** The same product path the server gives the cart line (server/modules/cart/pricing.ts). */
function previewOf(card: CardShape, warranties: LinePreview['warranties']): LinePreview {
  const url = productPath({ make: card.ManuName, model: card.ModelName, partName: card.formattedName || card.name, tag: card.Tag });
  return { name: card.name, image: card.image || card.MainImgURL || '', url, net_price: card.Price, warranties };
}

/** The first product card with this Tag in an answer: at its top, in `product`, or in a list. */
function findCard(data: unknown, tag: string, depth = 0): CardShape | undefined {
  if (isCard(data, tag)) return data;
  if (depth > 3) return undefined;
  if (Array.isArray(data)) {
    for (const item of data) {
      const found = findCard(item, tag, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (!isRecord(data)) return undefined;
  for (const value of Object.values(data)) {
    if (isRecord(value) || Array.isArray(value)) {
      const found = findCard(value, tag, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

export function findLinePreview(queryClient: QueryClient, tag: string): LinePreview | undefined {
  let fallback: LinePreview | undefined;
  for (const [, data] of queryClient.getQueriesData({ predicate: (query) => query.state.status === 'success' })) {
    if (isRecord(data) && isCard(data.product, tag) && Array.isArray(data.warranties)) {
      return previewOf(data.product, data.warranties.filter(isWarranty));
    }
    if (!fallback) {
      const card = findCard(data, tag);
      if (card) fallback = previewOf(card, []);
    }
  }
  return fallback;
}
