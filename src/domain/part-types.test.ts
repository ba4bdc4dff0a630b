import { describe, expect, it } from 'vitest';
import { partTypeLabel, partTypeName, sortPartTypes } from './part-types';

const partTypes = [
  { Name: 'Front Bumper', ExternalName: 'FRONT_BUMPER' },
  { Name: 'Alternator', ExternalName: '[ALTERNATOR]' },
  { Name: 'Starter Motor', ExternalName: null },
];

describe('SPEC §3 part name: brackets removed, matched via ExternalName, else underscores to spaces', () => {
  it('shows the matching part type name', () => {
    expect(partTypeName('[FRONT_BUMPER]', partTypes)).toBe('Front Bumper');
    expect(partTypeName('front_bumper', partTypes)).toBe('Front Bumper');
    expect(partTypeName('ALTERNATOR', partTypes)).toBe('Alternator');
  });

  it('falls back to the raw name with underscores as spaces', () => {
    expect(partTypeName('[REAR_LIGHT_CLUSTER]', partTypes)).toBe('REAR LIGHT CLUSTER');
    expect(partTypeName('Wing Mirror', [])).toBe('Wing Mirror');
  });
});

describe('SPEC §5 part types sorted: names not starting with a digit first, then alphabetical', () => {
  it('sorts without changing the input', () => {
    const input = [
      { Name: '4x4 Transfer Box' },
      { Name: 'wheel' },
      { Name: '[Alternator]' },
      { Name: '12V Socket' },
      { Name: 'Brake Caliper' },
      { Name: '2 Seat Bench' },
    ];
    const copy = [...input];
    expect(sortPartTypes(input).map((type) => type.Name)).toEqual([
      '[Alternator]',
      'Brake Caliper',
      'wheel',
      '2 Seat Bench',
      '4x4 Transfer Box',
      '12V Socket',
    ]);
    expect(input).toEqual(copy);
  });

  it('lists names without square brackets', () => {
    expect(partTypeLabel({ Name: '[Alternator]' })).toBe('Alternator');
  });
});
