/**
 * How each maker writes its part numbers, and a deterministic generator of plausible ones.
 * Where the maker's numbering encodes the part (Ford's basic part number, VW's main group, BMW's
 * group and subgroup, Toyota/Nissan/Honda/Hyundai function codes, PSA's modification codes…),
 * the generator uses the real code for the part type; the rest of the number is random.
 *
 * Search compares numbers by src/domain partNumberKey: case, spaces, dashes, dots and slashes ignored.
 */
import type { Make, OemStyleKey } from './vehicles';
import type { Rng } from './rng';
import { chars, digits, hashSeed, pick } from './rng';
import { partTypeKey } from './part-pricing';
import { findMake } from './vehicles';

export interface OemStyle {
  readonly key: OemStyleKey;
  readonly description: string;
  readonly examples: readonly string[];
  /** Matches every number the generator makes for this style, as generated (not normalised). */
  readonly pattern: RegExp;
  generate(partKey: string, rng: Rng, year?: number): string;
}

const UPPER = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const UPPER_ALL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';

/** A stable per-key fallback code of n digits, for part types a maker table does not list. */
function hashedDigits(partKey: string, salt: string, length: number): string {
  const value = hashSeed(`${salt}:${partKey}`) % 10 ** length;
  return String(value).padStart(length, '0');
}

/** The code for a part type from a table, else a stable hashed one. One of several codes at random. */
function groupCode(table: Readonly<Record<string, string>>, partKey: string, rng: Rng, salt: string, length: number): string {
  const entry = table[partKey];
  if (entry === undefined) return hashedDigits(partKey, salt, length);
  return pick(rng, entry.split('|'));
}

// ------------------------------------------------------------------------------------------------
// Function codes per maker for the common part types (left|right alternatives where they differ).
// ------------------------------------------------------------------------------------------------

/** Ford basic part numbers (the middle of 'BV61-10300-AC'). */
const FORD_BASIC: Readonly<Record<string, string>> = {
  alternator: '10300', starter_motor: '11000', headlight: '13W030|13W029|13008|13005', rear_light: '13404|13405',
  door_mirror: '17682|17683', ecu: '12A650', radiator: '8005', abs_pump: '2C405|2C219', brake_caliper: '2B121|2B120',
  gearbox: '7002', automatic_gearbox: '7000', engine: '6006|6007', turbocharger: '6K682', steering_rack: '3200|3A500',
  fuel_pump: '9H307|9350', fuel_injector: '9F593|9K546', egr_valve: '9D475', diesel_particulate_filter: '5H270',
  catalytic_converter: '5E211|5F297', window_regulator: '23200|23201|27000|27001', wiper_motor: '17508|17W400',
  instrument_cluster: '10849', radio_cd_player: '18C815|18D832', steering_wheel_airbag: '042B85', passenger_airbag: '044A74',
  air_conditioning_compressor: '19D629', driveshaft: '3B436|3B437', hub_carrier: '3K185|3K186', front_shock_absorber: '18045|18K001',
  rear_shock_absorber: '18080', front_coil_spring: '5310', rear_coil_spring: '5560', throttle_body: '9F991', ignition_coil: '12029',
  air_flow_meter: '12B579', door: '20124|20125|24630|24631', bonnet: '16610', front_bumper: '17757', rear_bumper: '17906',
  wing: '16015|16006', front_seat: '61710|62900', tailgate: '40400', water_pump: '8501', power_steering_pump: '3A696',
  radiator_fan: '8C607', heater_blower_motor: '18456', body_control_module: '14A073', fuse_box: '14A067', clock_spring: '14A664',
  intercooler: '9L440', high_pressure_fuel_pump: '9B395', cylinder_head: '6090', flywheel: '6375', alloy_wheel: '1007',
};

/** VW group main group and subgroup (the 3 digits after the prefix, e.g. '903' in '04L903023K'). */
const VAG_GROUP: Readonly<Record<string, string>> = {
  alternator: '903', starter_motor: '911', headlight: '941', rear_light: '945', door_mirror: '857', ecu: '907', radiator: '121',
  abs_pump: '614', brake_caliper: '615', gearbox: '300', automatic_gearbox: '300', engine: '100', turbocharger: '253',
  steering_rack: '423', fuel_pump: '919', fuel_injector: '130', egr_valve: '131', diesel_particulate_filter: '254',
  catalytic_converter: '254', window_regulator: '837|839', wiper_motor: '955', instrument_cluster: '920', radio_cd_player: '035',
  navigation_screen: '919', steering_wheel_airbag: '880', passenger_airbag: '880', air_conditioning_compressor: '820',
  driveshaft: '407', hub_carrier: '407', front_shock_absorber: '413', rear_shock_absorber: '513', front_coil_spring: '411',
  rear_coil_spring: '511', throttle_body: '133', ignition_coil: '905', air_flow_meter: '906', door: '831|833', bonnet: '823',
  front_bumper: '807', rear_bumper: '807', wing: '821', front_seat: '881', tailgate: '827', boot_lid: '827', water_pump: '121',
  intercooler: '145', heater_blower_motor: '819', body_control_module: '937', fuse_box: '937', lambda_sensor: '906',
  door_lock_mechanism: '837|839', steering_column: '419', power_steering_pump: '422', radiator_fan: '959', clock_spring: '953',
  high_pressure_fuel_pump: '127', cylinder_head: '103', flywheel: '105', alloy_wheel: '601',
};
/** Engine-family prefixes for parts bolted to the engine; platform prefixes for the rest. */
const VAG_ENGINE_PREFIXES = ['03L', '04L', '04E', '03C', '06J', '06H', '059', '03G', '038', '045', '036', '03F', '05E', '06K', '04C'];
const VAG_BODY_PREFIXES = ['1K0', '1K1', '5K0', '5G0', '5G1', '5Q0', '6R0', '6C0', '2G0', '3C0', '3G0', '8V0', '8K0', '4G0', '1Z0', '5E0', '6J0', '5F0', '7N0', '2K0', '7E0', '7H0', '1T0', '3T0', '5L0', '8X0', '8U0', '8R0', '5NA', '2GA', '3V0', '6V0'];
const ENGINE_BAY = new Set([
  'alternator', 'starter_motor', 'engine', 'turbocharger', 'fuel_injector', 'egr_valve', 'throttle_body', 'ignition_coil',
  'air_flow_meter', 'cylinder_head', 'water_pump', 'oil_pump', 'high_pressure_fuel_pump', 'inlet_manifold', 'timing_cover',
  'vacuum_pump', 'flywheel', 'ecu', 'fuel_rail', 'egr_cooler', 'oil_cooler', 'sump_pan', 'rocker_cover', 'camshaft', 'crankshaft',
  'exhaust_manifold', 'air_conditioning_compressor', 'gearbox', 'automatic_gearbox',
]);

/** BMW group + subgroup (first four digits of the 11). */
const BMW_GROUP: Readonly<Record<string, string>> = {
  alternator: '1231', starter_motor: '1241', headlight: '6311', rear_light: '6321', door_mirror: '5116', ecu: '1214', radiator: '1711',
  abs_pump: '3451', brake_caliper: '3411|3421', gearbox: '2300', automatic_gearbox: '2400', engine: '1100', turbocharger: '1165',
  steering_rack: '3210', fuel_pump: '1611', fuel_injector: '1353', egr_valve: '1171', diesel_particulate_filter: '1830',
  catalytic_converter: '1832', window_regulator: '5133|5135', wiper_motor: '6161', instrument_cluster: '6210', radio_cd_player: '6512',
  navigation_screen: '6591', steering_wheel_airbag: '3230', passenger_airbag: '7212', air_conditioning_compressor: '6452',
  driveshaft: '3320|3120', hub_carrier: '3121|3321', front_shock_absorber: '3131', rear_shock_absorber: '3352', front_coil_spring: '3133',
  rear_coil_spring: '3353', throttle_body: '1354', ignition_coil: '1213', air_flow_meter: '1362', door: '4100', bonnet: '4100',
  front_bumper: '5111', rear_bumper: '5112', wing: '4135', front_seat: '5210', tailgate: '4100', water_pump: '1151',
  intercooler: '1751', body_control_module: '6135', fuse_box: '6113', steering_column: '3230', alloy_wheel: '3611',
};

/** Mercedes group (digits 4–6 of 'A0009063524'). */
const MERCEDES_GROUP: Readonly<Record<string, string>> = {
  alternator: '154', starter_motor: '151', headlight: '820|906', rear_light: '820|906', door_mirror: '810', ecu: '900', radiator: '500',
  abs_pump: '431|545', brake_caliper: '420|423', gearbox: '260', automatic_gearbox: '270', engine: '010', turbocharger: '090',
  steering_rack: '460', fuel_pump: '470', fuel_injector: '070', egr_valve: '140', diesel_particulate_filter: '490',
  catalytic_converter: '490', window_regulator: '720|730', wiper_motor: '820', instrument_cluster: '540|900', radio_cd_player: '900',
  steering_wheel_airbag: '860', passenger_airbag: '860', air_conditioning_compressor: '230', driveshaft: '330|350', hub_carrier: '330|350',
  front_shock_absorber: '320', rear_shock_absorber: '320', front_coil_spring: '321', rear_coil_spring: '324', throttle_body: '141',
  ignition_coil: '150', air_flow_meter: '094', door: '720|730', bonnet: '880', front_bumper: '880', rear_bumper: '880', wing: '881',
  front_seat: '910', tailgate: '740', water_pump: '200', intercooler: '500', body_control_module: '900', alloy_wheel: '401',
};
const MERCEDES_ENGINE_MODELS = ['651', '642', '646', '271', '274', '270', '607', '654', '000', '000', '002', '013'];
const MERCEDES_BODY_MODELS = ['169', '176', '177', '245', '246', '203', '204', '205', '211', '212', '213', '906', '639', '447', '156', '253', '166', '164', '117', '172', '171', '000'];

/** Toyota function codes (first five digits of '27060-0T100'). */
const TOYOTA_GROUP: Readonly<Record<string, string>> = {
  alternator: '27060', starter_motor: '28100', headlight: '81150|81110', rear_light: '81560|81550', door_mirror: '87940|87910', ecu: '89661',
  radiator: '16400', abs_pump: '44050', brake_caliper: '47750|47730', gearbox: '33030', automatic_gearbox: '30500', engine: '19000',
  turbocharger: '17201', steering_rack: '44250', fuel_pump: '23220', fuel_injector: '23670|23209', egr_valve: '25620',
  diesel_particulate_filter: '25051', catalytic_converter: '25051', window_regulator: '69801|69802', wiper_motor: '85110',
  instrument_cluster: '83800', radio_cd_player: '86140', steering_wheel_airbag: '45130', passenger_airbag: '73960',
  air_conditioning_compressor: '88310', driveshaft: '43410|43420', hub_carrier: '43211|43212', front_shock_absorber: '48510|48520',
  rear_shock_absorber: '48530', front_coil_spring: '48131', rear_coil_spring: '48231', throttle_body: '22030', ignition_coil: '90919',
  air_flow_meter: '22204', door: '67001|67002', bonnet: '53301', front_bumper: '52119', rear_bumper: '52159', wing: '53801|53802',
  front_seat: '71001|71002', tailgate: '67005', water_pump: '16100', alloy_wheel: '42611',
};
const SUZUKI_GROUP: Readonly<Record<string, string>> = {
  alternator: '31400', starter_motor: '31100', headlight: '35320|35120', rear_light: '35670|35650', door_mirror: '84701|84702',
  ecu: '33920', radiator: '17700', abs_pump: '56100', brake_caliper: '55102|55101', gearbox: '24000', engine: '11200',
  turbocharger: '13900', steering_rack: '48580', fuel_pump: '15100', fuel_injector: '15710', egr_valve: '18111',
  window_regulator: '83401|83402', wiper_motor: '38100', instrument_cluster: '34100', radio_cd_player: '39101',
  steering_wheel_airbag: '48150', air_conditioning_compressor: '95200', driveshaft: '44101|44102', hub_carrier: '45111|45101',
  front_shock_absorber: '41602|41601', front_coil_spring: '41111', throttle_body: '13400', ignition_coil: '33400', air_flow_meter: '13800',
  door: '68001|68002', bonnet: '57300', front_bumper: '71711', rear_bumper: '71811', wing: '57711|57611', front_seat: '85100',
};

/** Nissan function codes (first five characters of '23100-4EA0A'); Renault uses them too. */
const NISSAN_GROUP: Readonly<Record<string, string>> = {
  alternator: '23100', starter_motor: '23300', headlight: '26060|26010', rear_light: '26555|26550', door_mirror: '96302|96301',
  ecu: '23710', radiator: '21410', abs_pump: '47660', brake_caliper: '41011|41001', gearbox: '32010', automatic_gearbox: '31020',
  engine: '10102', turbocharger: '14411', steering_rack: '49001', fuel_pump: '17040', fuel_injector: '16600', egr_valve: '14710',
  diesel_particulate_filter: '208A0', catalytic_converter: '208A2', window_regulator: '80700|80701', wiper_motor: '28810',
  instrument_cluster: '24810', radio_cd_player: '28185', steering_wheel_airbag: '98510', passenger_airbag: '98515',
  air_conditioning_compressor: '92600', driveshaft: '39100|39101', hub_carrier: '40014|40015', front_shock_absorber: '54302|54303',
  rear_shock_absorber: '56210', front_coil_spring: '54010', rear_coil_spring: '55020', throttle_body: '16119', ignition_coil: '22448',
  air_flow_meter: '22680', door: '80101|80100', bonnet: '65100', front_bumper: '62022', rear_bumper: '85022', wing: '63101|63100',
  front_seat: '87000', tailgate: '90100', water_pump: '21010', alloy_wheel: '40300',
};

/** PSA modification codes (the '5705' of '5705.EQ'). */
const PSA_GROUP: Readonly<Record<string, string>> = {
  alternator: '5705', starter_motor: '5802', headlight: '6208|6206', rear_light: '6350|6351', door_mirror: '8149|8153', ecu: '1940',
  radiator: '1330', abs_pump: '4541', brake_caliper: '4400|4401', gearbox: '2222', automatic_gearbox: '2222', engine: '0135',
  turbocharger: '0375', steering_rack: '4001', fuel_pump: '1525', fuel_injector: '1980', egr_valve: '1618',
  diesel_particulate_filter: '1731', catalytic_converter: '1705', window_regulator: '9221|9222', wiper_motor: '6405',
  instrument_cluster: '6106', radio_cd_player: '6564', steering_wheel_airbag: '4112', passenger_airbag: '8216',
  air_conditioning_compressor: '6453', driveshaft: '3272|3273', hub_carrier: '3646|3647', front_shock_absorber: '5208',
  rear_shock_absorber: '5206', front_coil_spring: '5002', rear_coil_spring: '5102', throttle_body: '1635', ignition_coil: '5970',
  air_flow_meter: '1920', door: '9004|9002', bonnet: '7901', front_bumper: '7401', rear_bumper: '7410', wing: '7840|7841',
  front_seat: '8847', tailgate: '8701', water_pump: '1201', alloy_wheel: '5402',
};

/** Honda function codes (first five digits of '31100-RSR-E01'). */
const HONDA_GROUP: Readonly<Record<string, string>> = {
  alternator: '31100', starter_motor: '31200', headlight: '33150|33100', rear_light: '33550|33500', door_mirror: '76250|76200',
  ecu: '37820', radiator: '19010', abs_pump: '57110', brake_caliper: '45019|45018', gearbox: '20011', automatic_gearbox: '20021',
  engine: '10002', turbocharger: '18900', steering_rack: '53601', fuel_pump: '17045', fuel_injector: '16450', egr_valve: '18011',
  diesel_particulate_filter: '18160', catalytic_converter: '18190', window_regulator: '72250|72210', wiper_motor: '76505',
  instrument_cluster: '78100', radio_cd_player: '39100', steering_wheel_airbag: '77800', passenger_airbag: '77820',
  air_conditioning_compressor: '38810', driveshaft: '44306|44305', hub_carrier: '51215|51210', front_shock_absorber: '51605|51606',
  rear_shock_absorber: '52611', front_coil_spring: '51401', rear_coil_spring: '52441', throttle_body: '16400', ignition_coil: '30520',
  air_flow_meter: '37980', door: '67010|67050', bonnet: '60100', front_bumper: '71101', rear_bumper: '71501', wing: '60211|60261',
  front_seat: '81131|81531', tailgate: '68100', water_pump: '19200', alloy_wheel: '42700',
};
const HONDA_MODEL_CODES = ['SAA', 'TF0', 'T5A', 'TZA', 'SMG', 'TV0', 'TEA', 'SWA', 'T1G', 'TLA', 'TL0', 'TL4', 'T7A', 'RSR', 'RBD', 'RSA', 'R1A', 'RZA', 'SZT'];

/** Hyundai and Kia function codes (first five digits of '37300-2B100'). */
const HYUNDAI_GROUP: Readonly<Record<string, string>> = {
  alternator: '37300', starter_motor: '36100', headlight: '92101|92102', rear_light: '92401|92402', door_mirror: '87610|87620',
  ecu: '39110', radiator: '25310', abs_pump: '58920', brake_caliper: '58110|58130', gearbox: '43000', automatic_gearbox: '45000',
  engine: '21101', turbocharger: '28201', steering_rack: '56500', fuel_pump: '31110', fuel_injector: '33800', egr_valve: '28410',
  diesel_particulate_filter: '28990', catalytic_converter: '28950', window_regulator: '82401|82402', wiper_motor: '98110',
  instrument_cluster: '94001', radio_cd_player: '96170', steering_wheel_airbag: '56900', passenger_airbag: '84530',
  air_conditioning_compressor: '97701', driveshaft: '49500|49501', hub_carrier: '51715|51716', front_shock_absorber: '54651|54661',
  rear_shock_absorber: '55310', front_coil_spring: '54630', rear_coil_spring: '55330', throttle_body: '35100', ignition_coil: '27301',
  air_flow_meter: '28164', door: '76003|76004', bonnet: '66400', front_bumper: '86511', rear_bumper: '86611', wing: '66311|66321',
  front_seat: '88100|88200', tailgate: '73700', water_pump: '25100', alloy_wheel: '52910',
};

/** Mazda group (the middle two digits of 'KD45-51-040'). */
const MAZDA_GROUP: Readonly<Record<string, string>> = {
  alternator: '18', starter_motor: '18', headlight: '51', rear_light: '51', door_mirror: '69', ecu: '18', radiator: '15', abs_pump: '43',
  brake_caliper: '33', gearbox: '17', engine: '02', turbocharger: '13', steering_rack: '32', fuel_pump: '13', fuel_injector: '13',
  egr_valve: '20', diesel_particulate_filter: '20', catalytic_converter: '20', window_regulator: '58', wiper_motor: '67',
  instrument_cluster: '55', radio_cd_player: '66', steering_wheel_airbag: '57', air_conditioning_compressor: '61', driveshaft: '25',
  hub_carrier: '33', front_shock_absorber: '34', front_coil_spring: '34', throttle_body: '13', ignition_coil: '18', air_flow_meter: '13',
  door: '58', bonnet: '52', front_bumper: '50', rear_bumper: '50', wing: '52', front_seat: '57', tailgate: '62',
};
const MAZDA_PREFIXES = ['KD45', 'KD53', 'BHN1', 'BJS7', 'GHP9', 'GHR4', 'DA6A', 'D651', 'BBM2', 'BP4K', 'GS1D', 'NE51', 'SH01', 'PE01', 'LF17', 'R2AA', 'Y650', 'ZJ38', 'S550', 'D10E', 'TK48'];

/** Subaru function codes (first five digits of '23700AA540'). */
const SUBARU_GROUP: Readonly<Record<string, string>> = {
  alternator: '23700', starter_motor: '23300', headlight: '84001', rear_light: '84201', door_mirror: '91036', ecu: '22765',
  radiator: '45111', abs_pump: '27596', brake_caliper: '26292', gearbox: '32000', engine: '10100', turbocharger: '14411',
  steering_rack: '34110', fuel_pump: '42021', fuel_injector: '16611', egr_valve: '14710', catalytic_converter: '44612',
  diesel_particulate_filter: '44612', window_regulator: '61041', wiper_motor: '86511', instrument_cluster: '85003', radio_cd_player: '86201',
  steering_wheel_airbag: '98211', air_conditioning_compressor: '73111', driveshaft: '28321', hub_carrier: '28411',
  front_shock_absorber: '20310', front_coil_spring: '20330', throttle_body: '16112', ignition_coil: '22433', air_flow_meter: '22680',
  door: '60009', bonnet: '57229', front_bumper: '57704', rear_bumper: '57704', wing: '57120', front_seat: '64100',
};

/** Mitsubishi current 4-digit function codes ('1800' of '1800A123'). */
const MITSUBISHI_GROUP: Readonly<Record<string, string>> = {
  alternator: '1800', starter_motor: '1810', headlight: '8301', rear_light: '8330', door_mirror: '7632', ecu: '1860', radiator: '1350',
  abs_pump: '4670', brake_caliper: '4605', gearbox: '2500', engine: '1000', turbocharger: '1515', steering_rack: '4410', fuel_pump: '1760',
  fuel_injector: '1465', egr_valve: '1582', catalytic_converter: '1590', diesel_particulate_filter: '1590', window_regulator: '5743',
  wiper_motor: '8250', instrument_cluster: '8100', radio_cd_player: '8701', steering_wheel_airbag: '7030',
  air_conditioning_compressor: '7813', driveshaft: '3815', hub_carrier: '3870', front_shock_absorber: '4060', front_coil_spring: '4050',
  throttle_body: '1450', ignition_coil: '1832', air_flow_meter: '1525', door: '5700', bonnet: '5900', front_bumper: '6400',
  rear_bumper: '6410', wing: '5220', front_seat: '6900',
};

/** Porsche main groups (digits 4–6 of '997.603.011.00'). */
const PORSCHE_GROUP: Readonly<Record<string, string>> = {
  alternator: '603', starter_motor: '604', headlight: '631', rear_light: '631', door_mirror: '731', ecu: '618', radiator: '106',
  abs_pump: '355', brake_caliper: '351', gearbox: '300', engine: '100', turbocharger: '123', steering_rack: '347', fuel_pump: '620',
  fuel_injector: '110', egr_valve: '131', catalytic_converter: '113', diesel_particulate_filter: '131', window_regulator: '542',
  wiper_motor: '628', instrument_cluster: '641', radio_cd_player: '645', steering_wheel_airbag: '803', air_conditioning_compressor: '126',
  driveshaft: '332', hub_carrier: '341', front_shock_absorber: '333', front_coil_spring: '343', throttle_body: '605', ignition_coil: '602',
  air_flow_meter: '606', door: '531', bonnet: '511', front_bumper: '505', rear_bumper: '505', wing: '503', front_seat: '521',
};
const PORSCHE_PREFIXES = ['997', '991', '987', '981', '982', '955', '958', '95B', '970', '9A1', '9A7'];

const ROVER_PREFIXES = ['YLE', 'PCJ', 'NNN', 'XKB', 'YAC', 'RKB', 'NRC', 'PEP', 'ERR', 'MKC', 'FTC', 'ESR', 'SRB', 'XBC', 'YWB', 'KKB', 'MJQ', 'XFB', 'DKD', 'HJB', 'LKC', 'WAA', 'NAM', 'LHG', 'GHT', 'DBC', 'MWC'];

function fordPrefix(rng: Rng, year?: number): string {
  // First character is the year of design release: '1'–'9' = 2001–2009, then 'A' = 2010, 'B' = 2011…
  const y = year ?? 2000 + Math.floor(rng() * 22) + 1;
  const designYear = Math.max(2001, Math.min(2022, y - Math.floor(rng() * 3)));
  const yearChar = designYear <= 2009 ? String(designYear - 2000) : 'ABCDEFGHJKLMN'.charAt(designYear - 2010);
  // Then the vehicle line / design office: 'M51' (C-Max), 'V61' (Focus), 'V6N', 'S71' (Mondeo), 'K3T' (Transit Custom)…
  return yearChar + pick(rng, ['M51', 'V61', 'V6N', 'V21', 'S71', 'M5T', 'X6B', '1FB', '1BT', 'S7T', 'V6T', 'K3T', 'K2Q', 'G91', 'J5T', 'C1B']);
}

function gmNumber(rng: Rng): string {
  return pick(rng, ['13', '39', '55', '95', '96', '42', '24', '90', '93', '12', '25', '52']) + digits(rng, 6);
}

const STYLES: Readonly<Record<OemStyleKey, OemStyle>> = {
  ford: {
    key: 'ford',
    description: "Ford engineering numbers (design-year prefix, basic part, suffix) or 7-digit Finis catalogue numbers",
    examples: ['BV61-10300-AC', 'AV6N-13008-AD', '1848234'],
    pattern: /^(?:[0-9A-Z]{4}-[0-9A-Z]{4,6}-[A-Z]{2}|[12]\d{6})$/,
    generate(partKey, rng, year) {
      if (rng() < 0.35) return pick(rng, ['1', '2']) + digits(rng, 6);
      const basic = groupCode(FORD_BASIC, partKey, rng, 'ford', 5);
      return `${fordPrefix(rng, year)}-${basic}-${chars(rng, 'ABCDEFGH', 1)}${chars(rng, 'ABCDEFGHJKL', 1)}`;
    },
  },
  vag: {
    key: 'vag',
    description: 'VW group: 3-character prefix (platform or engine), 3-digit main group, 3-digit part, 0–2 letter index',
    examples: ['04L903023K', '5G0941005', '1K0615123D'],
    pattern: /^[0-9][0-9A-Z]{2}\d{6}[A-Z]{0,2}$/,
    generate(partKey, rng) {
      const prefix = pick(rng, ENGINE_BAY.has(partKey) ? VAG_ENGINE_PREFIXES : VAG_BODY_PREFIXES);
      const group = groupCode(VAG_GROUP, partKey, rng, 'vag', 3);
      const index = pick(rng, ['', '', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T', 'AA', 'AB', 'AC', 'AD', 'AE', 'AF', 'BA', 'BH']);
      return `${prefix}${group}${digits(rng, 3)}${index}`;
    },
  },
  gm: {
    key: 'gm',
    description: 'GM (Vauxhall/Opel, Chevrolet, Saab): 8-digit numbers',
    examples: ['13426473', '39042574', '55565127'],
    pattern: /^\d{8}$/,
    generate: (_partKey, rng) => gmNumber(rng),
  },
  bmw: {
    key: 'bmw',
    description: 'BMW and Mini: 11 digits, main group and subgroup first; often written 12 31 7 612 956',
    examples: ['12317612956', '63 11 7 182 517'],
    pattern: /^(?:\d{11}|\d{2} \d{2} \d \d{3} \d{3})$/,
    generate(partKey, rng) {
      const group = groupCode(BMW_GROUP, partKey, rng, 'bmw', 4);
      const rest = pick(rng, ['7', '7', '8', '8', '6', '9']) + digits(rng, 6);
      const number = group + rest;
      if (rng() < 0.3) return `${number.slice(0, 2)} ${number.slice(2, 4)} ${number.slice(4, 5)} ${number.slice(5, 8)} ${number.slice(8)}`;
      return number;
    },
  },
  mercedes: {
    key: 'mercedes',
    description: "Mercedes-Benz and Smart: 'A' + model (3) + group (3) + 4 digits; often written A 000 906 35 24",
    examples: ['A0009063524', 'A 204 820 35 61'],
    pattern: /^(?:A\d{10}|A \d{3} \d{3} \d{2} \d{2})$/,
    generate(partKey, rng) {
      const model = pick(rng, ENGINE_BAY.has(partKey) ? MERCEDES_ENGINE_MODELS : MERCEDES_BODY_MODELS);
      const group = groupCode(MERCEDES_GROUP, partKey, rng, 'mercedes', 3);
      const tail = digits(rng, 4);
      if (rng() < 0.4) return `A ${model} ${group} ${tail.slice(0, 2)} ${tail.slice(2)}`;
      return `A${model}${group}${tail}`;
    },
  },
  toyota: {
    key: 'toyota',
    description: 'Toyota, Lexus, Daihatsu: 5-digit function code, dash, 5 characters',
    examples: ['27060-0T100', '81150-02A30'],
    pattern: /^\d{5}-[0-9A-Z]{5}$/,
    generate(partKey, rng) {
      const group = groupCode(TOYOTA_GROUP, partKey, rng, 'toyota', 5);
      return `${group}-${digits(rng, 1)}${chars(rng, ALNUM, 2)}${digits(rng, 1)}0`;
    },
  },
  nissan: {
    key: 'nissan',
    description: 'Nissan and Infiniti: 5-character function code, dash, 5 characters',
    examples: ['23100-4EA0A', '26060-BR00A'],
    pattern: /^[0-9]{3}[0-9A-Z]{2}-[0-9A-Z]{5}$/,
    generate(partKey, rng) {
      const group = groupCode(NISSAN_GROUP, partKey, rng, 'nissan', 5);
      return `${group}-${chars(rng, ALNUM, 1)}${chars(rng, UPPER, 2)}0${pick(rng, ['A', 'A', 'B', 'C', '0'])}`;
    },
  },
  psa: {
    key: 'psa',
    description: 'Peugeot, Citroen, DS: 10 digits ending 80, or a modification code such as 5705.EQ',
    examples: ['9678048880', '1608505780', '5705.EQ'],
    pattern: /^(?:(?:96|98|16)\d{6}80|\d{4}\.[0-9A-Z]{2})$/,
    generate(partKey, rng, year) {
      if (rng() < 0.25) return `${groupCode(PSA_GROUP, partKey, rng, 'psa', 4)}.${chars(rng, UPPER_ALL.replace(/[IOQ]/g, ''), 1)}${chars(rng, ALNUM, 1)}`;
      const prefix = year !== undefined && year < 2012 ? '96' : pick(rng, ['96', '98', '16']);
      return `${prefix}${digits(rng, 6)}80`;
    },
  },
  renault: {
    key: 'renault',
    description: "Renault and Dacia: 9 digits + R since about 2009 (function code first), or older 10-digit 77/82 numbers",
    examples: ['231000528R', '8200660035'],
    pattern: /^(?:\d{9}R|(?:77|82)\d{8})$/,
    generate(partKey, rng, year) {
      const old = year !== undefined && year < 2010 ? rng() < 0.7 : rng() < 0.15;
      if (old) return pick(rng, ['82', '82', '77']) + pick(rng, ['00', '01', '11']) + digits(rng, 6);
      const group = groupCode(NISSAN_GROUP, partKey, rng, 'nissan', 5).replace(/[A-Z]/g, '0');
      return `${group}${digits(rng, 4)}R`;
    },
  },
  honda: {
    key: 'honda',
    description: 'Honda: 5-digit function code, 3-character model code, 3-character suffix',
    examples: ['31100-RSR-E01', '33150-TV0-E01'],
    pattern: /^\d{5}-[0-9A-Z]{3}-[0-9A-Z]{3}$/,
    generate(partKey, rng) {
      const group = groupCode(HONDA_GROUP, partKey, rng, 'honda', 5);
      const suffix = pick(rng, ['E01', 'E02', 'G01', 'A01', 'E11', 'J01', '003', '013', '305', 'E51', 'G02', 'E21']);
      return `${group}-${pick(rng, HONDA_MODEL_CODES)}-${suffix}`;
    },
  },
  hyundai: {
    key: 'hyundai',
    description: 'Hyundai and Kia: 5-digit function code, dash, 5 characters',
    examples: ['37300-2B100', '92101-A2020'],
    pattern: /^\d{5}-[0-9A-Z]{5}$/,
    generate(partKey, rng) {
      const group = groupCode(HYUNDAI_GROUP, partKey, rng, 'hyundai', 5);
      return `${group}-${chars(rng, ALNUM, 2)}${digits(rng, 1)}${pick(rng, ['00', '00', '10', '20', '50'])}`;
    },
  },
  volvo: {
    key: 'volvo',
    description: 'Volvo and Polestar: 8 digits starting 30–32 or 36, or older 7-digit numbers',
    examples: ['31285546', '30659457', '8602686'],
    pattern: /^(?:3[0-26]\d{6}|[89]\d{6})$/,
    generate(_partKey, rng, year) {
      if (year !== undefined && year < 2004 && rng() < 0.5) return pick(rng, ['8', '9']) + digits(rng, 6);
      return pick(rng, ['30', '31', '31', '32', '36']) + digits(rng, 6);
    },
  },
  landrover: {
    key: 'landrover',
    description: "Land Rover: 'LR' + 6 digits",
    examples: ['LR031586', 'LR004638'],
    pattern: /^LR\d{6}$/,
    generate: (_partKey, rng) => `LR${pick(rng, ['0', '0', '1'])}${digits(rng, 5)}`,
  },
  jaguar: {
    key: 'jaguar',
    description: 'Jaguar: letter, digit, letter, 5 digits',
    examples: ['C2Z31088', 'T2H12563'],
    pattern: /^[CJT]\d[A-Z]\d{5}$/,
    generate: (_partKey, rng) => `${pick(rng, ['C', 'C', 'J', 'T'])}${pick(rng, ['2', '4', '9'])}${chars(rng, UPPER, 1)}${digits(rng, 5)}`,
  },
  fiat: {
    key: 'fiat',
    description: 'Fiat, Alfa Romeo, Abarth: 8 digits starting 4, 5 or 7',
    examples: ['51859041', '55256813', '46823546'],
    pattern: /^[457]\d{7}$/,
    generate: (_partKey, rng) => pick(rng, ['51', '52', '55', '46', '71', '73', '50']) + digits(rng, 6),
  },
  mopar: {
    key: 'mopar',
    description: 'Chrysler, Dodge, Jeep (Mopar): 8 digits + 2-letter revision',
    examples: ['68003251AA', '04891722AB'],
    pattern: /^\d{8}[A-Z]{2}$/,
    generate: (_partKey, rng) => `${pick(rng, ['68', '68', '68', '04', '05'])}${digits(rng, 6)}A${chars(rng, 'ABCDEFGH', 1)}`,
  },
  mazda: {
    key: 'mazda',
    description: 'Mazda: 4-character prefix, 2-digit group, 3 characters, optional revision letter',
    examples: ['KD45-51-040', 'SH01-18-300B'],
    pattern: /^[0-9A-Z]{4}-\d{2}-[0-9A-Z]{3}[A-Z]?$/,
    generate(partKey, rng) {
      const group = groupCode(MAZDA_GROUP, partKey, rng, 'mazda', 2);
      const revision = rng() < 0.3 ? chars(rng, 'ABCDE', 1) : '';
      return `${pick(rng, MAZDA_PREFIXES)}-${group}-${digits(rng, 2)}${chars(rng, '0123456789X', 1)}${revision}`;
    },
  },
  suzuki: {
    key: 'suzuki',
    description: 'Suzuki: 5-digit function code, dash, 5 characters (2 digits, letter, 2 digits)',
    examples: ['31400-54L00', '35320-68L00'],
    pattern: /^\d{5}-\d{2}[A-Z]\d{2}$/,
    generate(partKey, rng) {
      const group = groupCode(SUZUKI_GROUP, partKey, rng, 'suzuki', 5);
      return `${group}-${digits(rng, 2)}${pick(rng, ['J', 'K', 'L', 'M', 'R', 'S'])}${pick(rng, ['00', '00', '10', '20', '50'])}`;
    },
  },
  mitsubishi: {
    key: 'mitsubishi',
    description: "Mitsubishi: 4-digit function code + 'A' + 3 digits, or older MN/MR + 6 digits",
    examples: ['1800A123', 'MN183452'],
    pattern: /^(?:\d{4}A\d{3}|M[NR]\d{6})$/,
    generate(partKey, rng, year) {
      if ((year !== undefined && year < 2008 && rng() < 0.6) || rng() < 0.15) return `M${pick(rng, ['N', 'R'])}${digits(rng, 6)}`;
      return `${groupCode(MITSUBISHI_GROUP, partKey, rng, 'mitsubishi', 4)}A${digits(rng, 3)}`;
    },
  },
  subaru: {
    key: 'subaru',
    description: 'Subaru: 5-digit function code, 2 letters, 3 digits',
    examples: ['23700AA540', '84001FJ060'],
    pattern: /^\d{5}[A-Z]{2}\d{3}$/,
    generate(partKey, rng) {
      const group = groupCode(SUBARU_GROUP, partKey, rng, 'subaru', 5);
      return `${group}${pick(rng, ['AA', 'FJ', 'SG', 'AG', 'XA', 'FG', 'SA', 'AL', 'KA', 'AJ', 'SC'])}${digits(rng, 2)}0`;
    },
  },
  porsche: {
    key: 'porsche',
    description: 'Porsche: type (3), group (3), 3 digits, 2-character index; often written 997.603.011.00',
    examples: ['997.603.011.00', '95B941031'],
    pattern: /^(?:[0-9][0-9A-Z]{2}\.\d{3}\.\d{3}\.[0-9A-Z]{2}|[0-9][0-9A-Z]{2}\d{6}[0-9A-Z]{0,2})$/,
    generate(partKey, rng) {
      const prefix = pick(rng, PORSCHE_PREFIXES);
      const group = groupCode(PORSCHE_GROUP, partKey, rng, 'porsche', 3);
      const part = digits(rng, 3);
      const index = pick(rng, ['00', '01', '02', '03', '0A', '1A', '10']);
      return rng() < 0.5 ? `${prefix}.${group}.${part}.${index}` : `${prefix}${group}${part}${index}`;
    },
  },
  tesla: {
    key: 'tesla',
    description: 'Tesla: 7 digits, 2-digit revision, letter',
    examples: ['1044321-00-D', '1511001-00-B'],
    pattern: /^1\d{6}-\d{2}-[A-Z]$/,
    generate: (_partKey, rng) => `1${pick(rng, ['0', '1', '4', '5'])}${digits(rng, 5)}-${pick(rng, ['00', '00', '01', '02', '10'])}-${chars(rng, 'ABCDEFGH', 1)}`,
  },
  saic: {
    key: 'saic',
    description: 'MG (SAIC): 8 digits starting 10, 11 or 30; MG Rover-era cars use Rover numbers',
    examples: ['10241347', '30012345', 'YLE102170'],
    pattern: /^(?:(?:10|11|30)\d{6}|[A-Z]{3}\d{6})$/,
    generate(partKey, rng, year) {
      if (year !== undefined && year < 2008) return STYLES.rover.generate(partKey, rng, year);
      return pick(rng, ['10', '10', '11', '30']) + digits(rng, 6);
    },
  },
  rover: {
    key: 'rover',
    description: 'Rover and MG Rover: 3 letters + 6 digits',
    examples: ['YLE102170', 'PCJ000060'],
    pattern: /^[A-Z]{3}\d{6}$/,
    generate: (_partKey, rng) => `${pick(rng, ROVER_PREFIXES)}${digits(rng, 6)}`,
  },
  ssangyong: {
    key: 'ssangyong',
    description: 'SsangYong: 10 digits',
    examples: ['6651503080', '8310134000'],
    pattern: /^\d{10}$/,
    generate: (_partKey, rng) => pick(rng, ['66', '67', '83', '47', '48', '49', '73', '78', '88']) + digits(rng, 8),
  },
  isuzu: {
    key: 'isuzu',
    description: 'Isuzu: digit, dash, 8 digits, dash, digit',
    examples: ['8-97306044-1', '8-98019024-0'],
    pattern: /^[158]-\d{8}-\d$/,
    generate: (_partKey, rng) => `${pick(rng, ['8', '8', '5'])}-${pick(rng, ['97', '98', '94'])}${digits(rng, 6)}-${digits(rng, 1)}`,
  },
  iveco: {
    key: 'iveco',
    description: 'Iveco: 10 digits starting 5801, or 9 digits starting 50',
    examples: ['5801538130', '504385384'],
    pattern: /^(?:5801\d{6}|50\d{7})$/,
    generate: (_partKey, rng) => (rng() < 0.6 ? `5801${digits(rng, 6)}` : `50${digits(rng, 7)}`),
  },
  ldv: {
    key: 'ldv',
    description: "LDV (SAIC Maxus): 'C' + 8 digits",
    examples: ['C00014682', 'C00053127'],
    pattern: /^C\d{8}$/,
    generate: (_partKey, rng) => `C000${digits(rng, 5)}`,
  },
  lotus: {
    key: 'lotus',
    description: 'Lotus: A/B + 3 digits + letter + 4 digits + letter',
    examples: ['A120E6034S', 'A111K0135F'],
    pattern: /^[AB]\d{3}[A-Z]\d{4}[A-Z]$/,
    generate: (_partKey, rng) => `${pick(rng, ['A', 'A', 'B'])}1${digits(rng, 2)}${chars(rng, UPPER, 1)}${digits(rng, 4)}${chars(rng, 'FSV', 1)}`,
  },
  proton: {
    key: 'proton',
    description: "Proton: 'PW' + 6 digits (older Mitsubishi-based parts 'MB' + 6)",
    examples: ['PW811234', 'MB950412'],
    pattern: /^(?:PW|MB)\d{6}$/,
    generate: (_partKey, rng) => `${rng() < 0.8 ? 'PW' : 'MB'}${digits(rng, 6)}`,
  },
};

export const OEM_STYLES: Readonly<Record<OemStyleKey, OemStyle>> = STYLES;
export const OEM_STYLE_KEYS: readonly OemStyleKey[] = Object.keys(STYLES) as OemStyleKey[];

/** The numbering style of a make (object, name or slug); GM's for an unknown make. */
export function oemStyleOf(make: Pick<Make, 'oemStyle'> | string): OemStyle {
  if (typeof make !== 'string') return STYLES[make.oemStyle];
  if (make in STYLES) return STYLES[make as OemStyleKey];
  const found = findMake(make);
  return STYLES[found?.oemStyle ?? 'gm'];
}

/**
 * A plausible OEM part number for a part type of a make, in that make's style. Deterministic: the
 * same rng state gives the same number. partTypeKey may be a pricing key ('alternator'), an alias
 * ('tail_light') or a part type name ('Headlight (Left)'). The year, when given, picks era-appropriate
 * formats (Renault's old numbers, MG Rover, Ford's design-year prefix).
 */
export function oemNumber(make: Pick<Make, 'oemStyle'> | string, partType: string, rng: Rng, year?: number): string {
  return oemStyleOf(make).generate(partTypeKey(partType), rng, year);
}
