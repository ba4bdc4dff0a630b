/**
 * Customer reviews (SPEC §3 Review): about 3 % of parts have one to six, rated 3 to 5 and dated
 * after listing. A review that talks about a part ('Alternator arrived next day…') goes only on
 * parts of that type; the others (delivery, service) go on anything.
 */
import type { reviews } from '../../db/schema';
import type { ReviewSnippet } from '../data/content';
import { REVIEW_SNIPPETS } from '../data/content';
import type { Rng } from '../data/rng';
import { chars, int, pick } from '../data/rng';
import { CATALOGUE_DATE, between } from './dates';

export type ReviewRow = typeof reviews.$inferInsert;

const REVIEWED_SHARE = 0.03;

/** What the snippets talk about, as pricing keys. */
const TOPICS: readonly (readonly [RegExp, readonly string[]])[] = [
  [/alternator/i, ['alternator']],
  [/headlight/i, ['headlight']],
  [/starter motor/i, ['starter_motor']],
  [/mirror/i, ['door_mirror']],
  [/gearbox/i, ['gearbox', 'automatic_gearbox']],
  [/\becu\b/i, ['ecu', 'ecu_kit']],
  [/rear light/i, ['rear_light']],
  [/turbo/i, ['turbocharger']],
  [/bonnet/i, ['bonnet']],
  [/radiator/i, ['radiator']],
  [/\bengine\b(?! code)/i, ['engine', 'engine_and_gearbox']],
  [/abs pump/i, ['abs_pump']],
  [/seats/i, ['front_seat', 'rear_seat', 'seat_set']],
  [/window regulator/i, ['window_regulator']],
  [/\bwing\b/i, ['wing']],
  [/injectors/i, ['fuel_injector']],
  [/driveshaft/i, ['driveshaft']],
  [/instrument cluster/i, ['instrument_cluster']],
  [/compressor/i, ['air_conditioning_compressor']],
  [/\bdpf\b/i, ['diesel_particulate_filter']],
  [/tailgate/i, ['tailgate']],
  [/calipers/i, ['brake_caliper']],
  [/steering rack/i, ['steering_rack']],
  [/throttle body/i, ['throttle_body']],
  [/alloy wheel/i, ['alloy_wheel', 'alloy_wheels']],
  [/coil pack/i, ['ignition_coil']],
  [/headunit/i, ['radio_cd_player']],
  [/airbag module/i, ['airbag_control_module']],
  [/front end/i, ['complete_front_end']],
  [/fuel pump/i, ['fuel_pump']],
  [/egr valve/i, ['egr_valve']],
  [/shocks/i, ['front_shock_absorber', 'rear_shock_absorber']],
];

const TOPICS_OF = new Map<ReviewSnippet, Set<string>>(
  REVIEW_SNIPPETS.map((snippet) => [
    snippet,
    new Set(TOPICS.filter(([pattern]) => pattern.test(snippet.content)).flatMap(([, keys]) => keys)),
  ]),
);
const GENERAL = REVIEW_SNIPPETS.filter((snippet) => TOPICS_OF.get(snippet)?.size === 0);
const byType = new Map<string, readonly ReviewSnippet[]>();

/** The snippets that may review a part of this pricing key (or a vehicle, for null). */
function snippetsFor(typeKey: string | null): readonly ReviewSnippet[] {
  if (typeKey === null) return GENERAL;
  let snippets = byType.get(typeKey);
  if (snippets === undefined) {
    snippets = [...GENERAL, ...REVIEW_SNIPPETS.filter((snippet) => TOPICS_OF.get(snippet)?.has(typeKey))];
    byType.set(typeKey, snippets);
  }
  return snippets;
}

export interface ReviewTarget {
  readonly partId?: number;
  readonly vehicleProductId?: number;
  /** The part's pricing key; null for a vehicle. */
  readonly typeKey: string | null;
  readonly listedAt: Date;
}

export function reviewsOf(target: ReviewTarget, rng: Rng, share = REVIEWED_SHARE): ReviewRow[] {
  if (rng() >= share) return [];
  const snippets = snippetsFor(target.typeKey);
  const count = int(rng, 1, 6);
  const rows: ReviewRow[] = [];
  for (let index = 0; index < count; index += 1) {
    const snippet = pick(rng, snippets);
    rows.push({
      partId: target.partId ?? null,
      vehicleProductId: target.vehicleProductId ?? null,
      rate: snippet.rate,
      name: `${snippet.name} ${chars(rng, 'ABCDEFGHJKLMNPRSTW', 1)}.`,
      content: snippet.content,
      createdAt: between(rng, target.listedAt, CATALOGUE_DATE),
    });
  }
  return rows;
}
