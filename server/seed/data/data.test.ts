import { describe, it, expect } from 'vitest';
import { ENGINES, MAKES, MODELS, BODY_STYLES, findMake, findModels, modelsOfMake, coversYear } from './vehicles';
import { partNumberKey } from '../../../src/domain/validation';
import { OEM_STYLES, OEM_STYLE_KEYS, oemNumber, oemStyleOf } from './oem-styles';
import {
  DEFAULT_PRICING,
  PART_KEY_ALIASES,
  PART_PRICING,
  PART_PRICING_KEYS,
  co2SavedFor,
  partTypeKey,
  priceFor,
  pricingFor,
  rrpFor,
  weightFor,
} from './part-pricing';
import { GRADINGS, WARRANTIES, pickGrade, warrantiesForPart } from './grades';
import {
  ATTRIBUTE_GROUPS,
  BADGES,
  CATEGORIES,
  CATEGORY_INFO_TEMPLATES,
  CONTENT_PAGES,
  REVIEW_SNIPPETS,
  fillTemplate,
} from './content';
import {
  CURRENT_FORMAT,
  DEMO_REGISTRATIONS,
  DVLA_MEMORY_TAGS,
  UNKNOWN_DEMO_VRN,
  ageIdentifier,
  findDemoRegistration,
  formatRegistration,
  ukRegistration,
} from './registrations';
import { createRng, int, pick, shuffle, weightedPick } from './rng';
import { PART_TYPE_SEEDS } from '../part-types';

describe('vehicles', () => {
  it('has at least 45 makes and 320 models with unique ids and slugs', () => {
    expect(MAKES.length).toBeGreaterThanOrEqual(45);
    expect(MODELS.length).toBeGreaterThanOrEqual(320);
    expect(new Set(MAKES.map((make) => make.id)).size).toBe(MAKES.length);
    expect(new Set(MAKES.map((make) => make.slug)).size).toBe(MAKES.length);
    expect(new Set(MODELS.map((model) => model.id)).size).toBe(MODELS.length);
    expect(new Set(MODELS.map((model) => `${model.makeId}:${model.slug}`)).size).toBe(MODELS.length);
  });

  it('gives every model a valid year range, body style, engine and gearbox', () => {
    const makeIds = new Set(MAKES.map((make) => make.id));
    for (const model of MODELS) {
      expect(makeIds.has(model.makeId)).toBe(true);
      expect(model.yearFrom).toBeGreaterThanOrEqual(1983);
      if (model.yearTo !== null) expect(model.yearFrom).toBeLessThanOrEqual(model.yearTo);
      expect(model.bodyStyles.length).toBeGreaterThan(0);
      for (const style of model.bodyStyles) expect(BODY_STYLES).toContain(style);
      expect(model.engines.length).toBeGreaterThan(0);
      expect(model.transmissions.length).toBeGreaterThan(0);
      const variants = model.engines.map((engine) => `${engine.code}@${engine.powerPs}`);
      expect(new Set(variants).size, modelKey(model.id)).toBe(variants.length);
    }
    for (const make of MAKES) expect(modelsOfMake(make.id).length, make.name).toBeGreaterThan(0);
  });

  it('has sensible engines', () => {
    expect(new Set(ENGINES.map((engine) => engine.code)).size).toBeGreaterThan(600);
    for (const engine of ENGINES) {
      expect(engine.powerPs).toBeGreaterThan(30);
      if (engine.fuel === 'Electric') expect(engine.capacityCc).toBe(0);
      else expect(engine.capacityCc).toBeGreaterThanOrEqual(599);
    }
  });

  it('represents the demo cars exactly', () => {
    const focus = findModels({ make: 'Ford', model: 'Focus', year: 2012, bodyStyle: 'Hatchback', transmission: 'Manual', gears: 6, engineCode: 'T1DA' });
    expect(focus.map((model) => model.generation)).toEqual(['Mk3']);
    const golf = findModels({ make: 'Volkswagen', model: 'Golf', year: 2016, bodyStyle: 'Hatchback', transmission: 'Manual', gears: 6, engineCode: 'CRBC' });
    expect(golf.map((model) => model.generation)).toEqual(['Mk7']);
    const corsa = findModels({ make: 'Vauxhall', model: 'Corsa', year: 2019, bodyStyle: 'Hatchback', transmission: 'Manual', gears: 5, engineCode: 'B14XEL' });
    expect(corsa.map((model) => model.generation)).toEqual(['E']);
    const bmw2020 = findModels({ make: 'BMW', year: 2020 });
    expect(bmw2020.map((model) => model.generation)).toEqual(expect.arrayContaining(['G20/G21', 'F40']));
    for (const demo of DEMO_REGISTRATIONS) {
      const matches = findModels({
        make: demo.make,
        model: demo.model,
        year: demo.year,
        ...(demo.style === null ? {} : { bodyStyle: demo.style }),
        ...(demo.transmission === null ? {} : { transmission: demo.transmission, gears: demo.gears }),
        ...(demo.engineCode === null ? {} : { engineCode: demo.engineCode }),
      });
      expect(matches.length, demo.vrn).toBeGreaterThan(0);
      for (const model of matches) expect(coversYear(model, demo.year)).toBe(true);
    }
  });

  it('finds makes by name, slug and alias', () => {
    expect(findMake('mercedes-benz')?.name).toBe('Mercedes-Benz');
    expect(findMake('VW')?.name).toBe('Volkswagen');
    expect(findMake('Land Rover')?.slug).toBe('land-rover');
    expect(findMake('Citroën')?.name).toBe('Citroen');
  });
});

function modelKey(id: number): string {
  return String(id);
}

describe('OEM numbers', () => {
  const partKeys = ['alternator', 'starter_motor', 'headlight', 'door_mirror', 'ecu', 'gearbox', 'tail_light', 'Brake Caliper (Front Left)', 'jack', 'some_unlisted_part'];

  it('is deterministic for a seed', () => {
    for (const make of MAKES) {
      const first = createRng(`oem:${make.slug}`);
      const second = createRng(`oem:${make.slug}`);
      for (const key of partKeys) expect(oemNumber(make, key, first, 2015)).toBe(oemNumber(make, key, second, 2015));
    }
  });

  it("matches each make's style", () => {
    const rng = createRng(42);
    for (const make of MAKES) {
      const style = oemStyleOf(make);
      for (let round = 0; round < 40; round += 1) {
        for (const key of partKeys) {
          const year = int(rng, 1998, 2025);
          const number = oemNumber(make, key, rng, year);
          expect(number, `${make.name} ${key}`).toMatch(style.pattern);
          expect(partNumberKey(number).length).toBeGreaterThanOrEqual(6);
        }
      }
    }
    for (const key of OEM_STYLE_KEYS) {
      for (const example of OEM_STYLES[key].examples) {
        if (!(key === 'saic' && example.startsWith('YLE'))) expect(example, key).toMatch(OEM_STYLES[key].pattern);
      }
    }
  });

  it('uses real function codes where known', () => {
    const rng = createRng(7);
    expect(oemNumber('bmw', 'alternator', rng).replace(/\s/g, '')).toMatch(/^1231\d{7}$/);
    expect(oemNumber('vag', 'alternator', rng)).toMatch(/^[0-9][0-9A-Z]{2}903\d{3}[A-Z]{0,2}$/);
    expect(oemNumber('toyota', 'alternator', rng)).toMatch(/^27060-/);
  });

});

describe('part pricing', () => {
  it('covers at least 60 part types with sane ranges', () => {
    expect(PART_PRICING_KEYS.length).toBeGreaterThanOrEqual(60);
    for (const key of [...PART_PRICING_KEYS, 'default']) {
      const pricing = key === 'default' ? DEFAULT_PRICING : PART_PRICING[key];
      expect(pricing, key).toBeDefined();
      if (pricing === undefined) continue;
      const [min, max] = pricing.netPence;
      expect(Number.isInteger(min) && min > 0 && max > min, key).toBe(true);
      expect(pricing.rrpMultiplier[0]).toBeGreaterThanOrEqual(1.5);
      expect(pricing.weightKg).toBeGreaterThan(0);
      expect(pricing.co2SavedKg[0]).toBeGreaterThan(0);
    }
    for (const target of Object.values(PART_KEY_ALIASES)) expect(PART_PRICING[target], target).toBeDefined();
  });

  it('prices every part type of the seed, not just the default', () => {
    for (const [name] of PART_TYPE_SEEDS) expect(PART_PRICING[partTypeKey(name)], name).toBeDefined();
  });

  it('gives positive integer prices and RRPs above them', () => {
    const rng = createRng(1);
    for (const key of [...PART_PRICING_KEYS, 'tail_light', 'Radio / CD Player', 'unknown_part']) {
      for (const grade of [undefined, 'A', 'B', 'C'] as const) {
        const net = priceFor(key, rng, grade);
        expect(Number.isInteger(net) && net > 0, key).toBe(true);
        const rrp = rrpFor(key, net, rng);
        expect(Number.isInteger(rrp) && rrp > net, key).toBe(true);
        expect(weightFor(key, rng)).toBeGreaterThan(0);
        expect(Number.isInteger(co2SavedFor(key, rng))).toBe(true);
      }
    }
    const alternator = pricingFor('alternator').netPence;
    expect(alternator).toEqual([4500, 12000]);
    const gross = Math.round(priceFor('alternator', rng) * 1.2);
    expect(gross % 100).toBe(99);
  });
});

describe('grades and warranties', () => {
  it('has A, B and C with colours', () => {
    expect(GRADINGS.map((grading) => grading.level)).toEqual(['A', 'B', 'C']);
    for (const grading of GRADINGS) expect(grading.bg_color).toMatch(/^#[0-9A-F]{6}$/i);
    expect(['A', 'B', 'C']).toContain(pickGrade(createRng(3), 'bonnet'));
  });

  it('has exactly one free default warranty and integer values', () => {
    expect(WARRANTIES.filter((warranty) => warranty.is_default)).toHaveLength(1);
    for (const warranty of WARRANTIES) expect(Number.isInteger(warranty.value) && warranty.value >= 0).toBe(true);
    expect(warrantiesForPart('engine', 90000).map((warranty) => warranty.id)).toEqual([1, 2, 3, 4]);
    expect(warrantiesForPart('bonnet', 9000).map((warranty) => warranty.id)).toEqual([1]);
  });
});

describe('content', () => {
  it('has the four content pages', () => {
    expect(CONTENT_PAGES.map((page) => page.slug).sort()).toEqual(['product-delivery', 'product-grading', 'product-returns', 'product-warranties']);
    for (const page of CONTENT_PAGES) expect(page.html.length).toBeGreaterThan(400);
  });

  it('has Featured as badge 1 and unique badge ids', () => {
    expect(BADGES.find((badge) => badge.id === 1)?.name).toBe('Featured');
    expect(new Set(BADGES.map((badge) => badge.id)).size).toBe(BADGES.length);
  });

  it('files every priced part type in exactly one category', () => {
    const listed = CATEGORIES.flatMap((category) => category.children.flatMap((child) => child.partTypeKeys));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...PART_PRICING_KEYS].sort());
    const ids = [...CATEGORIES.map((category) => category.id), ...CATEGORIES.flatMap((category) => category.children.map((child) => child.id))];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has attribute groups for every attribute a part type uses', () => {
    const keys = new Set(ATTRIBUTE_GROUPS.map((group) => group.key));
    for (const key of PART_PRICING_KEYS) for (const attribute of PART_PRICING[key]?.attributes ?? []) expect(keys.has(attribute)).toBe(true);
  });

  it('has 40+ varied reviews rated 3 to 5', () => {
    expect(REVIEW_SNIPPETS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(REVIEW_SNIPPETS.map((review) => review.content)).size).toBe(REVIEW_SNIPPETS.length);
    for (const review of REVIEW_SNIPPETS) expect([3, 4, 5]).toContain(review.rate);
  });

  it('fills templates', () => {
    const text = fillTemplate(CATEGORY_INFO_TEMPLATES.modelPartType.accordions[0]?.title ?? '', { make: 'Ford', model: 'Focus', partType: 'Headlight (Left)' });
    expect(text).toBe('Will this headlight fit my Ford Focus?');
    expect(fillTemplate('{partTypeLower}', { partType: 'MAP Sensor' })).toBe('MAP sensor');
  });
});

describe('registrations', () => {
  it('has the fixed demo registrations', () => {
    expect(DEMO_REGISTRATIONS.map((entry) => entry.vrn)).toEqual(['AB12CDE', 'WP66KLM', 'YX19RTA', 'LM70HZY']);
    expect(findDemoRegistration('lm70 hzy')?.model).toBeNull();
    expect(findDemoRegistration(UNKNOWN_DEMO_VRN)).toBeUndefined();
    for (const entry of DEMO_REGISTRATIONS) {
      expect(entry.vrn).toMatch(CURRENT_FORMAT);
      expect(entry.vrn.slice(2, 4)).toBe(ageIdentifier(entry.year, entry.year === 2012 || entry.year === 2019 ? 4 : 10));
      expect(formatRegistration(entry.vrn)).toBe(entry.display);
    }
  });

  it('computes age identifiers', () => {
    expect(ageIdentifier(2012, 3)).toBe('12');
    expect(ageIdentifier(2012, 9)).toBe('62');
    expect(ageIdentifier(2013, 2)).toBe('62');
    expect(ageIdentifier(2001, 9)).toBe('51');
    expect(ageIdentifier(2002, 1)).toBe('51');
    expect(ageIdentifier(2009, 12)).toBe('59');
    expect(ageIdentifier(2010, 1)).toBe('59');
    expect(ageIdentifier(2020, 10)).toBe('70');
    expect(ageIdentifier(2000, 6)).toBeNull();
  });

  it('generates valid current-format registrations', () => {
    const rng = createRng('regs');
    const tags = new Set(DVLA_MEMORY_TAGS.map((tag) => tag.tag));
    for (let index = 0; index < 2000; index += 1) {
      const year = int(rng, 2002, 2025);
      const month = int(rng, 1, 12);
      const vrn = ukRegistration(year, month, rng);
      expect(vrn).toMatch(CURRENT_FORMAT);
      expect(tags.has(vrn.slice(0, 2))).toBe(true);
      expect(vrn.slice(2, 4)).toBe(ageIdentifier(year, month));
      expect(vrn.slice(4)).toMatch(/^[A-HJ-PR-Y]{3}$/);
    }
    expect(ukRegistration(1999, 5, rng)).toMatch(/^T\d{1,3}[A-HJ-PR-Y]{3}$/);
    expect(ukRegistration(1990, 10, rng)).toMatch(/^H\d{1,3}[A-HJ-PR-Y]{3}$/);
  });

  it('is deterministic', () => {
    expect(ukRegistration(2015, 4, createRng(9))).toBe(ukRegistration(2015, 4, createRng(9)));
  });
});

describe('rng', () => {
  it('repeats for a seed and stays in range', () => {
    const a = createRng(123);
    const b = createRng(123);
    for (let index = 0; index < 100; index += 1) expect(a()).toBe(b());
    const rng = createRng('x');
    for (let index = 0; index < 1000; index += 1) {
      const value = int(rng, 3, 7);
      expect(value >= 3 && value <= 7 && Number.isInteger(value)).toBe(true);
    }
    expect(shuffle(rng, [1, 2, 3, 4]).sort()).toEqual([1, 2, 3, 4]);
    expect(['a', 'b']).toContain(pick(rng, ['a', 'b']));
    expect(weightedPick(rng, [['only', 1], ['never', 0]])).toBe('only');
  });
});
