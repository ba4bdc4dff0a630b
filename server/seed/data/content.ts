/**
 * Shop copy and merchandising data for the seed, in British English: the content pages by slug
 * (SPEC §3), badges (Featured is id 1, SPEC §9), the category tree with icons (children list the part
 * type keys of part-pricing.ts), attribute groups, review snippets, and category-info templates.
 */
import * as z from 'zod';
import { GRADINGS, WARRANTIES } from './grades';
import { readReferenceData } from './load';
import { ATTRIBUTE_KEYS, type AttributeKey } from './part-pricing';

// content.json holds the texts and tables; this module numbers them and fills the pages' lists.
const text = z.string().min(1);
const infoTemplate = z.object({ descriptions: z.array(text).min(1), accordions: z.array(z.object({ title: text, content: text })) });
const contentFile = z.object({
  /** Trusted HTML; {gradingList} and {warrantyList} are filled from grades.json. */
  pages: z.array(z.object({ slug: z.enum(['product-returns', 'product-delivery', 'product-warranties', 'product-grading']), title: text, html: text })),
  badges: z.array(z.object({ id: z.int().positive(), slug: z.string().regex(/^[a-z0-9-]+$/, 'a slug'), name: text, description: text })),
  /** Main categories with their icon and sub-categories, each listing part type keys of part-pricing.json. */
  categories: z.array(z.object({ name: text, icon: text, children: z.array(z.object({ name: text, partTypes: z.array(text) })) })),
  attributes: z.array(z.object({ key: z.enum(ATTRIBUTE_KEYS), name: text, values: z.array(text) })),
  /** Manufacturer paint names by make, for descriptions ('Panther Black', 'Deep Black Pearl'…). */
  paintNames: z.record(text, z.array(text)),
  reviewSnippets: z.array(z.object({ name: text, rate: z.union([z.literal(3), z.literal(4), z.literal(5)]), content: text })),
  /** Placeholders: {make}, {model}, {partType}, {partTypeLower}. */
  categoryInfo: z.object({ make: infoTemplate, model: infoTemplate, partType: infoTemplate, makePartType: infoTemplate, modelPartType: infoTemplate }),
});
const FILE = readReferenceData('content.json', contentFile);

// -------------------------------------------------------------------------------------------------
// Content pages
// -------------------------------------------------------------------------------------------------

export interface ContentPage {
  readonly slug: 'product-returns' | 'product-delivery' | 'product-warranties' | 'product-grading';
  readonly title: string;
  /** Trusted HTML written here, never user input. */
  readonly html: string;
}

const gradingList = GRADINGS.map(
  (grading) => `<li><strong>${grading.title}.</strong> ${grading.description}</li>`,
).join('\n');

const warrantyList = WARRANTIES.map((warranty) =>
  warranty.value === 0
    ? `<li><strong>${warranty.name}</strong> – included free with every part.</li>`
    : `<li><strong>${warranty.name}</strong> – £${((warranty.value * 1.2) / 100).toFixed(2)} including VAT, chosen at checkout.</li>`,
).join('\n');

export const CONTENT_PAGES: readonly ContentPage[] = FILE.pages.map((page) => ({
  ...page,
  html: page.html.replace('{gradingList}', () => gradingList).replace('{warrantyList}', () => warrantyList),
}));

// -------------------------------------------------------------------------------------------------
// Badges (SPEC §9: Featured badge id 1)
// -------------------------------------------------------------------------------------------------

export interface Badge {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  readonly description: string;
}

export const FEATURED_BADGE_ID = 1;

export const BADGES: readonly Badge[] = FILE.badges;

// -------------------------------------------------------------------------------------------------
// Category tree
// -------------------------------------------------------------------------------------------------

export interface CategoryChild {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly icon: string;
  /** Part type keys (part-pricing.ts) listed in this category. */
  readonly partTypeKeys: readonly string[];
}

export interface Category {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly icon: string;
  readonly children: readonly CategoryChild[];
}


function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

export const CATEGORIES: readonly Category[] = FILE.categories.map(({ name, icon, children }, topIndex) => ({
  id: topIndex + 1,
  name,
  slug: slug(name),
  icon,
  children: children.map(({ name: childName, partTypes: keys }, childIndex) => ({
    id: (topIndex + 1) * 100 + childIndex + 1,
    name: childName,
    slug: slug(childName),
    icon,
    partTypeKeys: keys,
  })),
}));

/** The sub-category listing a part type key, if any. */
export function categoryOfPartType(key: string): { category: Category; child: CategoryChild } | undefined {
  for (const category of CATEGORIES) {
    for (const child of category.children) if (child.partTypeKeys.includes(key)) return { category, child };
  }
  return undefined;
}

// -------------------------------------------------------------------------------------------------
// Attribute groups (SPEC §3: id, name, product_attribute_values (id, name))
// -------------------------------------------------------------------------------------------------

export interface AttributeValue {
  readonly id: number;
  readonly name: string;
}

export interface AttributeGroup {
  readonly id: number;
  readonly key: AttributeKey;
  readonly name: string;
  readonly product_attribute_values: readonly AttributeValue[];
}


export const ATTRIBUTE_GROUPS: readonly AttributeGroup[] = FILE.attributes.map(({ key, name, values }, groupIndex) => ({
  id: groupIndex + 1,
  key,
  name,
  product_attribute_values: values.map((value, valueIndex) => ({ id: (groupIndex + 1) * 100 + valueIndex + 1, name: value })),
}));

/** Manufacturer paint names by make, for descriptions ('Panther Black', 'Deep Black Pearl'…). */
export const PAINT_NAMES: Readonly<Record<string, readonly string[]>> = FILE.paintNames;

// -------------------------------------------------------------------------------------------------
// Review snippets (SPEC §3 Review: created, rate 1–5, name, content)
// -------------------------------------------------------------------------------------------------

export interface ReviewSnippet {
  readonly name: string;
  readonly rate: 3 | 4 | 5;
  readonly content: string;
}

export const REVIEW_SNIPPETS: readonly ReviewSnippet[] = FILE.reviewSnippets;

// -------------------------------------------------------------------------------------------------
// Category info templates (descriptions and accordions per make, model and part type)
// -------------------------------------------------------------------------------------------------

export interface Accordion {
  readonly title: string;
  readonly content: string;
}

export interface InfoTemplate {
  /** Alternative descriptions; pick one per page so pages do not all read the same. */
  readonly descriptions: readonly string[];
  readonly accordions: readonly Accordion[];
}

/** Placeholders: {make}, {model}, {partType}, {partTypeLower}. */
export const CATEGORY_INFO_TEMPLATES: {
  readonly make: InfoTemplate;
  readonly model: InfoTemplate;
  readonly partType: InfoTemplate;
  readonly makePartType: InfoTemplate;
  readonly modelPartType: InfoTemplate;
} = FILE.categoryInfo;

export interface TemplateVars {
  readonly make?: string;
  readonly model?: string;
  readonly partType?: string;
}

/** 'Headlight (Left)' → 'headlight', 'MAP Sensor' → 'MAP sensor', 'Radio / CD Player' → 'radio / CD player'. */
export function lowerPartType(name: string): string {
  return name
    .replace(/\([^)]*\)/g, '')
    .trim()
    .split(/\s+/)
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) || /\d/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

/** Fills {make}, {model}, {partType} and {partTypeLower}; unknown or missing placeholders are left empty. */
export function fillTemplate(text: string, vars: TemplateVars): string {
  const values: Readonly<Record<string, string>> = {
    make: vars.make ?? '',
    model: vars.model ?? '',
    partType: vars.partType ?? '',
    partTypeLower: lowerPartType(vars.partType ?? ''),
  };
  return text.replace(/\{(\w+)\}/g, (_match, key: string) => values[key] ?? '');
}
