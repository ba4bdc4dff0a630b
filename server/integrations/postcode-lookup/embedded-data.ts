/**
 * The embedded postcode dataset: real postcodes of the demo regions (SPEC §9 UK regions 1 to 7)
 * with addresses in Royal Mail's style — premises on the postcode's street, town and county. It
 * is enough for the demo and the tests to find addresses in every UK delivery region; anything
 * else is 'not found' and the customer types the address. Listed in docs/demo-data.md.
 */

interface Street {
  /** House numbers or names on the street at this postcode. */
  premises: readonly string[];
  street: string;
  /** A locality line (address2) where Royal Mail gives one. */
  locality?: string;
}

export interface EmbeddedPostcode {
  postcode: string;
  city: string;
  county: string;
  streets: readonly Street[];
}

export const EMBEDDED_POSTCODES: readonly EmbeddedPostcode[] = [
  // England and Wales (region 1)
  { postcode: 'SW1A 2AB', city: 'London', county: 'Greater London', streets: [{ premises: ['Flat 1', 'Flat 2', 'Flat 3', 'Flat 4'], street: '14 Carlton Gardens' }] },
  { postcode: 'SE1 7PB', city: 'London', county: 'Greater London', streets: [{ premises: ['21', '23', '25', '27', '29'], street: 'Baylis Road' }] },
  { postcode: 'E14 5AB', city: 'London', county: 'Greater London', streets: [{ premises: ['Unit 2', 'Unit 3', 'Unit 7'], street: 'Cabot Square' }] },
  { postcode: 'N1 9GU', city: 'London', county: 'Greater London', streets: [{ premises: ['4', '6', '8', '10'], street: 'Handyside Street' }] },
  { postcode: 'M1 1AE', city: 'Manchester', county: 'Greater Manchester', streets: [{ premises: ['101', '103', '105'], street: 'Piccadilly' }] },
  { postcode: 'LS1 4AP', city: 'Leeds', county: 'West Yorkshire', streets: [{ premises: ['2', '4', '6', '8'], street: 'Mill Hill' }] },
  { postcode: 'B33 8TH', city: 'Birmingham', county: 'West Midlands', streets: [{ premises: ['12', '14', '16', '18', '20'], street: 'Ridgeway Avenue', locality: 'Stechford' }] },
  { postcode: 'CF10 1EP', city: 'Cardiff', county: 'South Glamorgan', streets: [{ premises: ['3', '5', '7'], street: 'Westgate Street' }] },
  { postcode: 'WF1 2AB', city: 'Wakefield', county: 'West Yorkshire', streets: [{ premises: ['Unit 1', 'Unit 4', 'Unit 5'], street: 'Calder Vale Road', locality: 'Calder Park' }] },
  { postcode: 'PO3 5AA', city: 'Portsmouth', county: 'Hampshire', streets: [{ premises: ['31', '33', '35'], street: 'Tangier Road', locality: 'Baffins' }] },
  // Scotland, mainland (region 2)
  { postcode: 'EH1 1YZ', city: 'Edinburgh', county: 'Midlothian', streets: [{ premises: ['Flat 1F1', 'Flat 1F2', 'Flat 2F1'], street: '12 Cockburn Street' }] },
  { postcode: 'G1 1XQ', city: 'Glasgow', county: 'Lanarkshire', streets: [{ premises: ['40', '42', '44'], street: 'Queen Street' }] },
  { postcode: 'AB10 1AB', city: 'Aberdeen', county: 'Aberdeenshire', streets: [{ premises: ['7', '9', '11'], street: 'Union Terrace' }] },
  // Highlands and Islands (region 3)
  { postcode: 'IV1 1HY', city: 'Inverness', county: 'Inverness-shire', streets: [{ premises: ['15', '17', '19', '21'], street: 'Academy Street' }] },
  { postcode: 'HS1 2BN', city: 'Isle of Lewis', county: 'Ross-shire', streets: [{ premises: ['8', '10', '12'], street: 'Cromwell Street', locality: 'Stornoway' }] },
  { postcode: 'ZE1 0AA', city: 'Shetland', county: 'Shetland', streets: [{ premises: ['Harbour House', '2', '4'], street: 'Commercial Street', locality: 'Lerwick' }] },
  { postcode: 'KW15 1NX', city: 'Kirkwall', county: 'Orkney', streets: [{ premises: ['6', '8', '10'], street: 'Albert Street' }] },
  // Northern Ireland (region 4)
  { postcode: 'BT1 5GS', city: 'Belfast', county: 'County Antrim', streets: [{ premises: ['18', '20', '22', '24'], street: 'Donegall Square East' }] },
  { postcode: 'BT48 6DQ', city: 'Londonderry', county: 'County Londonderry', streets: [{ premises: ['3', '5', '7'], street: 'Shipquay Street' }] },
  // Isle of Wight (region 5)
  { postcode: 'PO30 1UD', city: 'Newport', county: 'Isle of Wight', streets: [{ premises: ['22', '24', '26'], street: 'High Street' }] },
  // Isles of Scilly (region 6)
  { postcode: 'TR21 0HX', city: 'Isles of Scilly', county: 'Cornwall', streets: [{ premises: ['Quay Cottage', 'Harbour View', '3'], street: 'The Strand', locality: "St Mary's" }] },
  // Isle of Man and Channel Islands (region 7)
  { postcode: 'IM1 3LY', city: 'Isle of Man', county: '', streets: [{ premises: ['5', '7', '9'], street: 'Athol Street', locality: 'Douglas' }] },
  { postcode: 'JE2 3QA', city: 'Jersey', county: '', streets: [{ premises: ['11', '13', '15'], street: 'Broad Street', locality: 'St Helier' }] },
];
