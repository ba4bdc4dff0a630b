/**
 * The reference tables around the parts: makes and models (vehicles.ts), the category tree with
 * each part type in its subcategory, badges, attribute groups and values, warranties and which
 * part types offer them, gradings, content pages and manufacturers (content.ts, grades.ts).
 */
import type { Database } from '../../db/client';
import {
  attributeGroups,
  attributeValues,
  badges,
  categories,
  categoryPartTypes,
  contentPages,
  gradings,
  makes,
  manufacturers,
  models,
  partTypeWarranties,
  warranties,
} from '../../db/schema';
import { ATTRIBUTE_GROUPS, BADGES, CATEGORIES, CONTENT_PAGES } from '../data/content';
import { GRADINGS, WARRANTIES, warrantiesForPart } from '../data/grades';
import { pricingFor } from '../data/part-pricing';
import { MAKES, MODELS } from '../data/vehicles';
import { insertRows } from './bulk';
import type { PartTypeProfile } from './part-type-mix';

/** Manufacturer copy for the vehicle product page (SPEC §3 manufacturer: name, image, content). */
function manufacturerContent(name: string): string {
  return `<p>Every ${name} we sell is inspected in our workshop, HPI checked and supplied with its service history where we have it. Parts for ${name} vehicles are available from our yard.</p>`;
}

export async function seedReference(db: Database, types: readonly PartTypeProfile[]): Promise<void> {
  await insertRows(
    db,
    makes,
    MAKES.map(({ id, name, slug }) => ({ id, name, slug })),
  );
  await insertRows(
    db,
    models,
    MODELS.map((model) => ({
      id: model.id,
      makeId: model.makeId,
      name: model.name,
      generation: model.generation ?? null,
      slug: model.slug,
      yearFrom: model.yearFrom,
      yearTo: model.yearTo,
    })),
  );
  await insertRows(
    db,
    manufacturers,
    MAKES.map((make) => ({
      id: make.id,
      name: make.name,
      image: `/images/makes/${make.slug}.svg`,
      content: manufacturerContent(make.name),
    })),
  );
  await insertRows(
    db,
    categories,
    CATEGORIES.flatMap((category, position) => [
      { id: category.id, parentId: null, name: category.name, slug: category.slug, icon: category.icon, position },
      ...category.children.map((child, childPosition) => ({
        id: child.id,
        parentId: category.id,
        name: child.name,
        slug: child.slug,
        icon: child.icon,
        position: childPosition,
      })),
    ]),
  );
  await insertRows(
    db,
    categoryPartTypes,
    types.map((type) => ({ categoryId: type.categoryId, partTypeId: type.id })),
  );
  await insertRows(
    db,
    badges,
    BADGES.map(({ id, slug, name }) => ({ id, slug, name })),
  );
  await insertRows(
    db,
    attributeGroups,
    ATTRIBUTE_GROUPS.map(({ id, name }) => ({ id, name })),
  );
  await insertRows(
    db,
    attributeValues,
    ATTRIBUTE_GROUPS.flatMap((group) => group.product_attribute_values.map(({ id, name }) => ({ id, groupId: group.id, name }))),
  );
  await insertRows(
    db,
    warranties,
    WARRANTIES.map((warranty, position) => ({
      id: warranty.id,
      name: warranty.name,
      value: warranty.value,
      isDefault: warranty.is_default,
      days: warranty.days,
      position,
    })),
  );
  // A part type offers what a part at the middle of its price range would.
  await insertRows(
    db,
    partTypeWarranties,
    types.flatMap((type) => {
      const [min, max] = pricingFor(type.key).netPence;
      return warrantiesForPart(type.key, (min + max) / 2).map((warranty) => ({ partTypeId: type.id, warrantyId: warranty.id }));
    }),
  );
  await insertRows(
    db,
    gradings,
    GRADINGS.map(({ level, title, description, bg_color }) => ({ level, title, description, bgColor: bg_color })),
  );
  await insertRows(
    db,
    contentPages,
    CONTENT_PAGES.map(({ slug, title, html }) => ({ slug, title, content: html })),
  );
}
