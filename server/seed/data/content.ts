/**
 * Shop copy and merchandising data for the seed, in British English: the content pages by slug
 * (SPEC §3), badges (Featured is id 1, SPEC §9), the category tree with icons (children list the part
 * type keys of part-pricing.ts), attribute groups, review snippets, and category-info templates.
 */
import type { AttributeKey } from './part-pricing';
import { GRADINGS, WARRANTIES } from './grades';

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

export const CONTENT_PAGES: readonly ContentPage[] = [
  {
    slug: 'product-returns',
    title: 'Returns',
    html: `<p>If a part is not right for you, you can return it within <strong>30 days</strong> of delivery for a full refund of the part price. You do not need to give a reason, and under the Consumer Contracts Regulations you may cancel within 14 days of delivery whatever the reason.</p>
<h3>How to return a part</h3>
<ol>
<li>Sign in, open <em>My orders</em> and choose <em>Return</em> next to the part, or contact us with your order number.</li>
<li>Tell us why you are returning it and add a photograph if the part arrived damaged or faulty.</li>
<li>Pack the part securely, ideally in its original packaging, with the stock number label still attached.</li>
<li>Send it with the prepaid label we email you (faulty or incorrect parts), or by a tracked service of your choice (change of mind).</li>
</ol>
<p>We refund to your original payment method within 5 working days of the part reaching us and passing inspection.</p>
<h3>What we cannot accept back</h3>
<ul>
<li>Parts that have been fitted, unless they are faulty – electrical and electronic parts (ECUs, sensors, airbags, modules) in particular cannot be returned once connected to a vehicle.</li>
<li>Parts that have been modified, painted, dismantled or coded to another vehicle.</li>
<li>Parts without our stock number label or tamper seal, or with the seal broken.</li>
<li>Fluids, consumables and parts sold as spares or repairs.</li>
</ul>
<p>If we sent the wrong part or it arrived faulty, we pay for the return and refund your original delivery charge as well.</p>`,
  },
  {
    slug: 'product-delivery',
    title: 'Delivery',
    html: `<p>Every part ships from our yard, tested, cleaned and packed to survive the journey.</p>
<h3>Next-day courier</h3>
<ul>
<li>Order by <strong>15:00 Monday to Thursday</strong> for next working day delivery to most UK mainland addresses.</li>
<li>Orders placed after 15:00 on Thursday, or on Friday before 15:00, arrive on Monday; orders after 15:00 on Friday and at the weekend arrive on Tuesday.</li>
<li>We send tracking by email and text as soon as your part leaves the yard. Bank holidays are not working days.</li>
</ul>
<h3>Large parts and pallets</h3>
<p>Engines, gearboxes, doors, bonnets, bumpers and seat sets travel on a pallet or by a two-person courier. Pallet deliveries usually take 2–3 working days and are made kerbside; please make sure someone can receive them and that a larger vehicle can reach your address.</p>
<h3>Highlands, islands and Northern Ireland</h3>
<ul>
<li>Scottish Highlands and Islands, the Isle of Wight, the Isles of Scilly and the Isle of Man: allow 2–4 working days; a surcharge applies and is shown at checkout once you enter your postcode.</li>
<li>Northern Ireland: allow 2–3 working days; a surcharge applies to parcels and pallets.</li>
<li>Channel Islands and international delivery: please contact us for a quote.</li>
</ul>
<h3>Click and collect</h3>
<p>Choose <em>Personal pickup</em> at checkout and collect free of charge from our yard, usually the same day if you order before 15:00. Bring your order number and photo ID; we will load heavy parts for you.</p>`,
  },
  {
    slug: 'product-warranties',
    title: 'Warranties',
    html: `<p>Every part comes with our free 30-day warranty, and you can extend cover on mechanical and electrical parts at checkout.</p>
<ul>
${warrantyList}
</ul>
<h3>What the warranty covers</h3>
<p>If the part fails within the warranty period because of a fault that was present when we sold it, we will replace it with an equivalent part or, if we cannot, refund the price you paid. Warranty starts on the day of delivery.</p>
<h3>Conditions</h3>
<ul>
<li>The part must be fitted by a qualified mechanic or VAT-registered garage, following the manufacturer’s procedure. Please keep the fitting invoice; we may ask for it.</li>
<li>Engines and gearboxes need fresh oil, filters and coolant, a new cambelt or chain where due, and a new clutch where applicable, before first use.</li>
<li>Electrical parts must be fitted with the battery disconnected and may need coding to your car by a dealer or specialist.</li>
<li>The warranty does not cover labour, fitting or removal costs, recovery, hire cars or consequential damage, and it does not cover wear items such as clutches, brake pads or bulbs.</li>
<li>Parts that have been misused, modified, overheated, or fitted to a vehicle they were not listed for are not covered.</li>
</ul>
<p>To claim, contact us with your order number and a description of the fault before removing the part from the car.</p>`,
  },
  {
    slug: 'product-grading',
    title: 'Part grading',
    html: `<p>Every part we sell is inspected, cleaned and graded by our team before it is listed, so you know exactly what you are buying. The grade describes the part’s appearance and condition; all graded parts are sold in working order unless the description says otherwise.</p>
<ul>
${gradingList}
</ul>
<p>Photographs on each listing are of the actual part you will receive, not a stock image. Where a part has a fault or damage, we describe it and show it.</p>
<p>Not sure which grade you need? A Grade B panel is usually the best value for a respray; choose Grade A when the part will be seen and you want it ready to fit.</p>`,
  },
];

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

export const BADGES: readonly Badge[] = [
  { id: 1, slug: 'featured', name: 'Featured', description: 'Hand-picked parts from this week’s stock.' },
  { id: 2, slug: 'next-day-delivery', name: 'Next day delivery', description: 'In stock and ready to ship for next working day delivery.' },
  { id: 3, slug: 'tested', name: 'Tested', description: 'Bench or vehicle tested by our technicians before removal.' },
  { id: 4, slug: 'low-mileage', name: 'Low mileage', description: 'Taken from a vehicle with under 40,000 recorded miles.' },
  { id: 5, slug: 'genuine-oem', name: 'Genuine OEM', description: 'Original manufacturer part, not an aftermarket copy.' },
  { id: 6, slug: 'clearance', name: 'Clearance', description: 'Reduced to clear: the same grading and warranty, for less.' },
  { id: 7, slug: 'new-in', name: 'New in', description: 'Listed in the last seven days.' },
];

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

type ChildRow = readonly [name: string, keys: readonly string[]];
type TopRow = readonly [name: string, icon: string, children: readonly ChildRow[]];

const CATEGORY_ROWS: readonly TopRow[] = [
  ['Engine', 'engine', [
    ['Engines and cylinder heads', ['engine', 'engine_and_gearbox', 'cylinder_head', 'crankshaft', 'camshaft', 'rocker_cover', 'sump_pan', 'timing_cover', 'engine_cover']],
    ['Turbo and air intake', ['turbocharger', 'intercooler', 'inlet_manifold', 'throttle_body', 'air_flow_meter', 'air_filter_box']],
    ['Engine ancillaries', ['water_pump', 'oil_pump', 'oil_cooler', 'thermostat_housing', 'vacuum_pump', 'engine_mount', 'egr_valve', 'egr_cooler']],
  ]],
  ['Fuel system', 'fuel', [
    ['Fuel pumps and tanks', ['fuel_pump', 'high_pressure_fuel_pump', 'fuel_tank']],
    ['Injection', ['fuel_injector', 'fuel_rail']],
  ]],
  ['Exhaust', 'exhaust', [
    ['Catalysts and DPFs', ['catalytic_converter', 'diesel_particulate_filter']],
    ['Exhaust system', ['exhaust_manifold', 'exhaust_centre_section', 'exhaust_back_box']],
  ]],
  ['Cooling and heating', 'cooling', [
    ['Radiators and fans', ['radiator', 'radiator_pack', 'radiator_fan', 'coolant_expansion_tank', 'auxiliary_water_pump']],
    ['Air conditioning', ['air_conditioning_compressor', 'air_conditioning_condenser']],
    ['Heating', ['heater_blower_motor', 'heater_matrix', 'heater_control_panel', 'blower_motor_resistor']],
  ]],
  ['Electrics', 'electrics', [
    ['Charging and starting', ['alternator', 'starter_motor']],
    ['ECUs and control modules', ['ecu', 'ecu_kit', 'body_control_module', 'transmission_control_unit', 'fuse_box', 'parking_sensor_module', 'engine_wiring_loom']],
    ['Engine management', ['ignition_coil', 'glow_plug_relay', 'crankshaft_position_sensor', 'camshaft_position_sensor', 'lambda_sensor', 'map_sensor', 'knock_sensor']],
    ['Instruments', ['instrument_cluster']],
    ['Switches and stalks', ['indicator_stalk', 'wiper_stalk', 'electric_window_switch', 'clock_spring', 'ignition_barrel_and_key', 'remote_key_fob', 'lock_set', '12v_power_socket']],
    ['Wipers and washers', ['wiper_motor', 'wiper_linkage', 'washer_pump', 'windscreen_washer_bottle']],
    ['Audio and navigation', ['radio_cd_player', 'navigation_screen', 'audio_amplifier', 'speaker']],
    ['Parking aids and horns', ['reversing_camera', 'parking_sensor', 'horn']],
  ]],
  ['Transmission', 'transmission', [
    ['Gearboxes', ['gearbox', 'automatic_gearbox']],
    ['Clutch and gear change', ['flywheel', 'clutch_master_cylinder', 'clutch_slave_cylinder', 'gear_selector', 'gearbox_mount']],
    ['Driveshafts and axles', ['driveshaft', 'propshaft', 'rear_differential', '4x4_transfer_box']],
  ]],
  ['Steering', 'steering', [
    ['Steering racks and pumps', ['steering_rack', 'power_steering_pump']],
    ['Columns and wheels', ['steering_column', 'steering_wheel']],
  ]],
  ['Suspension', 'suspension', [
    ['Shock absorbers and springs', ['front_shock_absorber', 'rear_shock_absorber', 'front_coil_spring', 'rear_coil_spring', 'air_suspension_compressor']],
    ['Arms, hubs and subframes', ['hub_carrier', 'wishbone', 'anti_roll_bar', 'front_subframe', 'rear_subframe', 'rear_axle']],
  ]],
  ['Braking', 'braking', [
    ['Calipers and hydraulics', ['brake_caliper', 'brake_master_cylinder', 'brake_servo']],
    ['ABS and handbrake', ['abs_pump', 'abs_sensor', 'handbrake_lever', 'electronic_handbrake_module']],
    ['Pedals', ['accelerator_pedal', 'pedal_box']],
  ]],
  ['Body', 'body', [
    ['Body panels', ['bonnet', 'wing', 'door', 'tailgate', 'boot_lid', 'front_panel', 'complete_front_end', 'scuttle_panel']],
    ['Bumpers and grilles', ['front_bumper', 'rear_bumper', 'front_bumper_reinforcement', 'rear_bumper_reinforcement', 'front_grille', 'rear_spoiler', 'engine_undertray', 'wheel_arch_liner']],
    ['Doors and locks', ['door_lock_mechanism', 'tailgate_lock', 'window_regulator', 'exterior_door_handle', 'interior_door_handle', 'tailgate_strut', 'bonnet_catch', 'bonnet_hinge']],
    ['Glass and mirrors', ['windscreen', 'rear_windscreen', 'door_glass', 'quarter_glass', 'sunroof_glass', 'door_mirror', 'wing_mirror_glass', 'interior_mirror']],
    ['Exterior fittings', ['roof_rails', 'tow_bar', 'badge', 'fuel_filler_flap', 'sunroof_motor']],
  ]],
  ['Lighting', 'lighting', [
    ['Headlights', ['headlight', 'xenon_ballast', 'fog_light']],
    ['Rear lights', ['rear_light', 'third_brake_light', 'number_plate_light']],
    ['Indicators and interior lights', ['side_repeater', 'interior_light']],
  ]],
  ['Interior', 'interior', [
    ['Seats', ['front_seat', 'rear_seat', 'seat_set', 'headrest']],
    ['Dashboard and trim', ['dashboard', 'centre_console', 'glovebox', 'air_vent', 'door_card', 'parcel_shelf', 'roof_lining', 'carpet', 'sun_visor']],
    ['Airbags and seat belts', ['steering_wheel_airbag', 'passenger_airbag', 'airbag_control_module', 'seat_belt']],
  ]],
  ['Wheels and tyres', 'wheels', [
    ['Wheels', ['alloy_wheel', 'alloy_wheels', 'steel_wheel', 'spare_wheel', 'wheel_trim']],
    ['Tyres and tools', ['tyre', 'jack']],
  ]],
];

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

export const CATEGORIES: readonly Category[] = CATEGORY_ROWS.map(([name, icon, children], topIndex) => ({
  id: topIndex + 1,
  name,
  slug: slug(name),
  icon,
  children: children.map(([childName, keys], childIndex) => ({
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

const ATTRIBUTE_ROWS: readonly (readonly [key: AttributeKey, name: string, values: readonly string[]])[] = [
  ['side', 'Side', ['Left', 'Right', 'Front', 'Rear', 'Front Left', 'Front Right', 'Rear Left', 'Rear Right']],
  ['colour', 'Colour', ['Black', 'White', 'Silver', 'Grey', 'Dark Grey', 'Blue', 'Dark Blue', 'Red', 'Green', 'Brown', 'Beige', 'Orange', 'Yellow', 'Bronze', 'Purple', 'Unpainted / Primer']],
  ['fuel', 'Fuel', ['Petrol', 'Diesel', 'Hybrid', 'Electric']],
  ['transmission', 'Transmission', ['Manual', 'Automatic', 'DSG / Dual-clutch', 'CVT', 'Semi-automatic']],
  ['condition', 'Condition notes', ['Tested and working', 'Light scratches', 'Minor scuffs', 'Stone chips', 'Small dent', 'Broken mounting tab', 'Cracked lens', 'Needs refurbishment', 'Sold as seen']],
  ['headlight_type', 'Headlight type', ['Halogen', 'Xenon', 'LED', 'Matrix LED']],
  ['wheel_size', 'Wheel size', ['14"', '15"', '16"', '17"', '18"', '19"', '20"']],
  ['mileage', 'Mileage', ['Under 30,000 miles', '30,000–60,000 miles', '60,000–100,000 miles', 'Over 100,000 miles']],
];

export const ATTRIBUTE_GROUPS: readonly AttributeGroup[] = ATTRIBUTE_ROWS.map(([key, name, values], groupIndex) => ({
  id: groupIndex + 1,
  key,
  name,
  product_attribute_values: values.map((value, valueIndex) => ({ id: (groupIndex + 1) * 100 + valueIndex + 1, name: value })),
}));

/** Manufacturer paint names by make, for descriptions ('Panther Black', 'Deep Black Pearl'…). */
export const PAINT_NAMES: Readonly<Record<string, readonly string[]>> = {
  Ford: ['Frozen White', 'Moondust Silver', 'Magnetic Grey', 'Panther Black', 'Race Red', 'Deep Impact Blue', 'Ruby Red'],
  Volkswagen: ['Pure White', 'Deep Black Pearl', 'Reflex Silver', 'Indium Grey', 'Tornado Red', 'Atlantic Blue', 'Urano Grey'],
  Vauxhall: ['Summit White', 'Sovereign Silver', 'Carbon Flash', 'Flaming Red', 'Boracay Blue', 'Mineral Black'],
  BMW: ['Alpine White', 'Black Sapphire', 'Mineral Grey', 'Estoril Blue', 'Glacier Silver', 'Melbourne Red'],
  Audi: ['Ibis White', 'Brilliant Black', 'Mythos Black', 'Floret Silver', 'Daytona Grey', 'Misano Red'],
  'Mercedes-Benz': ['Polar White', 'Obsidian Black', 'Iridium Silver', 'Tenorite Grey', 'Cavansite Blue'],
  Toyota: ['Pure White', 'Eclipse Black', 'Silver Metallic', 'Tokyo Red', 'Decuma Grey'],
  Nissan: ['Solid White', 'Pearl Black', 'Blade Silver', 'Gun Metallic', 'Burning Red'],
  Peugeot: ['Banquise White', 'Perla Nera Black', 'Artense Grey', 'Ultimate Red', 'Platinium Grey'],
  Renault: ['Glacier White', 'Diamond Black', 'Platinum Grey', 'Flame Red', 'Iron Blue'],
};

// -------------------------------------------------------------------------------------------------
// Review snippets (SPEC §3 Review: created, rate 1–5, name, content)
// -------------------------------------------------------------------------------------------------

export interface ReviewSnippet {
  readonly name: string;
  readonly rate: 3 | 4 | 5;
  readonly content: string;
}

export const REVIEW_SNIPPETS: readonly ReviewSnippet[] = [
  { name: 'Dave', rate: 5, content: 'Alternator arrived next day, well packed and exactly as described. Fitted it on the driveway and the charging light went straight out.' },
  { name: 'Gary', rate: 5, content: 'Genuine part for a fraction of the main dealer price. Bolted straight on, no issues at all.' },
  { name: 'Sarah', rate: 4, content: 'Headlight was in great condition, one tiny scuff on the lens as the photos showed. Delivery took two days rather than one.' },
  { name: 'Mick', rate: 5, content: 'Run a small garage and use these lads every week. Parts are always clean, labelled and the stock numbers match the paperwork.' },
  { name: 'Jason', rate: 5, content: 'Starter motor spun the engine over first time. Saved me over £150 against a remanufactured one.' },
  { name: 'Claire', rate: 4, content: 'Door mirror was the right colour code and the power fold works. Glass had a small mark but nothing you notice.' },
  { name: 'Steve', rate: 5, content: 'Gearbox came on a pallet, drained and bunged up. Quiet in every gear, no crunch into second. Spot on.' },
  { name: 'Paul', rate: 3, content: 'Part was fine but the courier left it at the wrong house. Customer service sorted it out quickly once I rang.' },
  { name: 'Lee', rate: 5, content: 'ECU was plug and play after the immobiliser was matched at a specialist. Good communication throughout.' },
  { name: 'Emma', rate: 5, content: 'Ordered a rear light for my daughter’s Corsa at 2pm, it was here by 10 the next morning. Fitted in ten minutes.' },
  { name: 'Tom', rate: 4, content: 'Turbo had very little shaft play and no oil in the intake side. Would have liked a few more photos of the vanes.' },
  { name: 'Chris', rate: 5, content: 'Used the registration search and it found the exact engine code for my Focus. Right part first time.' },
  { name: 'Andy', rate: 5, content: 'Bonnet was Grade B but honestly looked like an A. Painter said it was one of the straightest used panels he has had.' },
  { name: 'Karen', rate: 4, content: 'Radiator fitted fine and no leaks. The plastic end tanks show their age but it does the job.' },
  { name: 'Mark', rate: 5, content: 'Bought the 12 month warranty on an engine for peace of mind. Compression figures were on the listing, which I appreciated.' },
  { name: 'Rob', rate: 5, content: 'ABS pump cured the warning lights on my Golf. Needed bleeding with a diagnostic tool but otherwise straightforward.' },
  { name: 'Nicola', rate: 4, content: 'Seats were clean with no rips, just a bit of wear on the driver’s bolster. Heavy parcel but the driver helped me carry it.' },
  { name: 'Ian', rate: 5, content: 'Third part I have bought here. Always honest about condition, and the grading is conservative if anything.' },
  { name: 'Gareth', rate: 5, content: 'Window regulator with motor, fitted in an hour. Windows go up and down quicker than before.' },
  { name: 'Kev', rate: 3, content: 'Wing was the right part but had a small dent that was not obvious in the pictures. Partial refund offered without any fuss.' },
  { name: 'Dean', rate: 5, content: 'Trade account is well worth it. Quick quotes on the phone and parts always turn up when they say.' },
  { name: 'Hannah', rate: 5, content: 'I know nothing about cars and the team talked me through which mirror I needed. My mechanic was impressed with the price.' },
  { name: 'Phil', rate: 4, content: 'Injectors tested fine on our bench. Packaging could be better for something that delicate, but all arrived undamaged.' },
  { name: 'Jamie', rate: 5, content: 'Driveshaft was the right length and spline count, with a good CV boot. Click on full lock has gone.' },
  { name: 'Sophie', rate: 5, content: 'Click and collect was easy. Parts were waiting at the counter and they loaded the bumper into my car for me.' },
  { name: 'Martin', rate: 4, content: 'Instrument cluster worked but needed the mileage programming to match. Seller did mention this in the listing.' },
  { name: 'Rich', rate: 5, content: 'Compressor held pressure and the clutch engaged straight away after a regas. Cold air again for the summer.' },
  { name: 'Wayne', rate: 5, content: 'DPF was clean with no cracks in the substrate. Cheaper than having my old one cleaned.' },
  { name: 'Lisa', rate: 4, content: 'Tailgate was the correct colour and came with the wiper motor still fitted. Number plate light was missing.' },
  { name: 'Stuart', rate: 5, content: 'Brake calipers slid freely and the pistons were clean. Great value for a pair.' },
  { name: 'Craig', rate: 5, content: 'Steering rack came with the track rod ends. No leaks and the car tracks straight after alignment.' },
  { name: 'Louise', rate: 5, content: 'Fast delivery to the Highlands, which is rare. Small surcharge but clearly shown at checkout.' },
  { name: 'Neil', rate: 4, content: 'Engine ran sweetly once fitted. Took three days to arrive on the pallet service, which was as quoted.' },
  { name: 'Ben', rate: 5, content: 'Throttle body sorted my limp mode problem. Cleaned and tested before dispatch by the look of it.' },
  { name: 'Aaron', rate: 5, content: 'Part number on the listing matched the one on my old unit exactly, which gave me confidence to order.' },
  { name: 'Scott', rate: 3, content: 'Alloy wheel had more kerb damage than I expected for Grade B. It balanced fine though and the tyre was usable.' },
  { name: 'Vicky', rate: 5, content: 'Needed a coil pack urgently on a Saturday and it still arrived Monday morning. Car back on the road.' },
  { name: 'Darren', rate: 5, content: 'Good honest breaker. Returned a part I ordered wrongly and the refund was back on my card in three days.' },
  { name: 'Ross', rate: 4, content: 'Headunit worked fine once the code was entered. Would be handy if the code card came with it.' },
  { name: 'Jo', rate: 5, content: 'Airbag module arrived in proper packaging with the fault codes cleared certificate. Professional outfit.' },
  { name: 'Adam', rate: 5, content: 'Swapped the whole front end on a Fiesta after a bump. Panel gaps lined up perfectly and the colour matched.' },
  { name: 'Carl', rate: 4, content: 'Fuel pump primed straight away. The sender unit float arm was slightly bent but reads correctly.' },
  { name: 'Michelle', rate: 5, content: 'Lovely helpful staff on the phone. Checked the part against my reg before I paid.' },
  { name: 'Luke', rate: 5, content: 'EGR valve was spotless, looks like it had been cleaned. Emissions light has stayed off for a month now.' },
  { name: 'Sean', rate: 4, content: 'Shocks were firm and not leaking. Top mounts were a bit rusty so I fitted new ones while I was there.' },
  { name: 'Amy', rate: 5, content: 'Cheapest quote I found by a mile and the carbon saving on the invoice was a nice touch.' },
];

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
} = {
  make: {
    descriptions: [
      '<p>Quality used {make} parts from our UK yard, removed from vehicles we have dismantled ourselves. Every part is inspected, graded and photographed, and ships with a free 30-day warranty.</p>',
      '<p>Looking for genuine {make} parts without the dealer price? We stock thousands of used {make} engine, body, electrical and interior parts, all tested and ready for next-day delivery.</p>',
      '<p>Save up to 70% against new with used {make} parts. Search by registration to see the parts that fit your car, or browse by model and part type below.</p>',
    ],
    accordions: [
      { title: 'Are used {make} parts reliable?', content: '<p>Yes. We only list parts that pass our checks, and mechanical and electrical {make} parts are tested before sale. Each comes with a free 30-day warranty, extendable to 12 months.</p>' },
      { title: 'How do I know a {make} part will fit my car?', content: '<p>Enter your registration and we match parts to your exact model, year and engine code. Where a part fits several {make} models, the listing shows its compatibility level and the original part number so you can check against your old part.</p>' },
      { title: 'Do you buy {make} cars for scrap?', content: '<p>We are an Authorised Treatment Facility and collect end-of-life vehicles across the region. Contact us for a quote; we issue a Certificate of Destruction for every car we take.</p>' },
    ],
  },
  model: {
    descriptions: [
      '<p>Used {make} {model} parts, from engines and gearboxes to mirrors, lights and interior trim. All parts are taken from {make} {model}s dismantled at our yard, then cleaned, graded and listed with real photographs.</p>',
      '<p>Keep your {make} {model} on the road for less. Browse our used {model} parts by category, or search by registration to see only the parts that fit your car.</p>',
    ],
    accordions: [
      { title: 'Which {make} {model} parts do you stock?', content: '<p>We carry most mechanical, electrical and body parts for the {model}, including alternators, starter motors, headlights, door mirrors, ECUs and complete engines. New stock arrives daily as we dismantle more cars.</p>' },
      { title: 'Will a part from another {model} fit mine?', content: '<p>Many parts are shared across years and trim levels, but engine and gearbox parts often depend on the engine code, and body parts on the body style. Search by registration, or compare the OEM number on the listing with the number on your old part.</p>' },
      { title: 'How quickly can I get {make} {model} parts?', content: '<p>Order before 15:00 Monday to Thursday for next working day delivery to most UK mainland addresses. Larger parts travel by pallet in 2–3 working days.</p>' },
    ],
  },
  partType: {
    descriptions: [
      '<p>Used {partTypeLower}s for all popular makes, tested and graded by our technicians. Each {partTypeLower} is photographed as sold and listed with its original part number.</p>',
      '<p>Buy a quality used {partTypeLower} with confidence: genuine manufacturer parts, a free 30-day warranty and next-day delivery across the UK mainland.</p>',
    ],
    accordions: [
      { title: 'How do I choose the right {partTypeLower}?', content: '<p>Search by your registration to see the {partTypeLower}s that match your car. Compare the OEM part number on our listing with the one on your existing part; where it differs, the listing explains whether the parts are interchangeable.</p>' },
      { title: 'Is my used {partTypeLower} tested?', content: '<p>Yes. Where a {partTypeLower} can be tested, we test it on the vehicle before removal or on the bench afterwards, and record the result on the listing. Cosmetic condition is shown by the grade.</p>' },
      { title: 'Can I return a {partTypeLower}?', content: '<p>You can return an unused {partTypeLower} within 30 days for a full refund. Electrical parts cannot be returned once fitted unless faulty; see our returns page for details.</p>' },
    ],
  },
  makePartType: {
    descriptions: [
      '<p>Genuine used {make} {partTypeLower}s, removed from cars we have dismantled and checked by our team. Choose your model below or search by registration for an exact match.</p>',
      '<p>We stock used {partTypeLower}s for most {make} models, each listed with its {make} part number, grade and photographs of the actual part.</p>',
    ],
    accordions: [
      { title: 'Do {make} {partTypeLower}s fit across models?', content: '<p>Some {make} {partTypeLower}s are shared between models built on the same platform; others are specific to one engine or body style. Each listing shows the models and years it fits.</p>' },
      { title: 'What warranty comes with a used {make} {partTypeLower}?', content: '<p>Every {partTypeLower} comes with a free 30-day warranty. Mechanical and electrical parts can be covered for up to 12 months at checkout.</p>' },
    ],
  },
  modelPartType: {
    descriptions: [
      '<p>Used {make} {model} {partTypeLower}s in stock now. Every {partTypeLower} is graded, photographed and listed with its original part number, so you can be sure it matches your car.</p>',
      '<p>Need a {partTypeLower} for your {make} {model}? Our genuine used parts cost a fraction of a new one and ship next working day when you order before 15:00.</p>',
    ],
    accordions: [
      { title: 'Will this {partTypeLower} fit my {make} {model}?', content: '<p>Enter your registration to check. We match on year, body style and engine code, and show a compatibility badge on every {partTypeLower} that fits.</p>' },
      { title: 'How do I fit a {make} {model} {partTypeLower}?', content: '<p>We recommend fitting by a qualified mechanic; it is a condition of the extended warranty. Disconnect the battery before fitting electrical parts, and note that some parts need coding to the car.</p>' },
      { title: 'Is a used {partTypeLower} worth it?', content: '<p>A used genuine {partTypeLower} from a {make} {model} is made to the original specification, typically costs 50–80% less than new, and saves the carbon of making a new part.</p>' },
    ],
  },
};

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
