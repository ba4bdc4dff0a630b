/**
 * The one mapper from a stored part to the product card of SPEC §3, so every call that lists parts
 * (searches, listings, menus, suggestions) answers the same fields computed the same way.
 */
import type { CompatibilityLevel, ProductCard } from '../../../src/contract/catalogue';
import { compatibility } from '../../../src/domain/compatibility';
import { t } from '../../../src/domain/messages';
import { partTypeName } from '../../../src/domain/part-types';
import { productPath } from '../../../src/domain/urls';
import type { ThumbSize } from '../../../src/domain/thumbs';
import { partDrawing, partImageUrl } from '../thumbs';
import type { CardRecord } from './repository';

/** SPEC §2: where a card's image falls back to when a part has no picture. */
export const PLACEHOLDER_IMAGE = '/default/img/dist/placeholder.jpg';

/**
 * The URL of a part image at `size` (served by the thumbs route of SPEC §2; the format is
 * src/domain/thumbs.ts), versioned by what the picture is drawn from.
 */
export function partThumbUrl(
  image: { id: number; seed: number },
  record: Pick<CardRecord, 'tag' | 'makeName' | 'modelName'> & { formattedName: string },
  size: ThumbSize,
): string {
  return partImageUrl(image.id, partDrawing(image.seed, { tag: record.tag, partName: record.formattedName, make: record.makeName, model: record.modelName }), size);
}


/** The compatibility fields of a card: level 100 (unsure) shows no badge (SPEC §4). */
export function compatibilityFields(level: number): Pick<ProductCard, 'CompatabilityLevel' | 'CompatibilityBadge' | 'CompatibilityBadgeClass'> {
  const fit = compatibility(level);
  return {
    CompatabilityLevel: fit.level satisfies CompatibilityLevel,
    CompatibilityBadge: fit.showsBadge ? t(fit.labelKey) : '',
    CompatibilityBadgeClass: fit.showsBadge ? fit.className : '',
  };
}

/** The display name of a part's type: its feed name matched to the part type (SPEC §3). */
export function formattedNameOf(record: Pick<CardRecord, 'partName' | 'partTypeName' | 'partTypeExternalName'>): string {
  return partTypeName(record.partName, [{ Name: record.partTypeName, ExternalName: record.partTypeExternalName }]);
}

/**
 * @param level the part's compatibility with the searched vehicle; 100 when there is none.
 */
export function toProductCard(record: CardRecord, level: number): ProductCard {
  const formattedName = formattedNameOf(record);
  const name = `${record.makeName} ${record.modelName} ${formattedName}`;
  // The four fields the picture is drawn from, not a copy of the whole record: a search builds up to a hundred cards.
  const image = record.mainImage
    ? partThumbUrl(record.mainImage, { tag: record.tag, makeName: record.makeName, modelName: record.modelName, formattedName }, 'card')
    : PLACEHOLDER_IMAGE;
  // A used part is one item: only an available one can be bought.
  const stock = record.status === 'available' ? record.stockQuantity : 0;
  return {
    id: record.id,
    Tag: record.tag,
    sku: record.tag,
    slug: productPath({ make: record.makeName, model: record.modelName, partName: formattedName, tag: record.tag }),
    name,
    ManuName: record.makeName,
    ModelName: record.modelName,
    PartName: record.partName,
    formattedName,
    PartType: record.partTypeId,
    Description: record.description,
    Year: record.year,
    OEM: record.oem,
    Grade: record.grade,
    Price: record.priceNet,
    price: record.priceNet,
    price_old: record.priceOldNet,
    Total: stock,
    stock_quantity: stock,
    status: record.status,
    MainImgURL: image,
    image,
    alttag: record.mainImage?.alt || name,
    ...compatibilityFields(level),
    product_detail: { is_vehicle: false },
  };
}
