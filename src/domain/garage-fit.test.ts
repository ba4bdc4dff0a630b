import { describe, expect, it } from 'vitest';
import { boughtFor, garageFit, vehicleName } from './garage-fit';
import { t } from './messages';

describe('the garage fit badge', () => {
  it('names the vehicle by year, make and model', () => {
    expect(vehicleName({ make: 'Ford', model: 'Focus', year: 2012 })).toBe('2012 Ford Focus');
    expect(vehicleName({ make: 'BMW', model: null, year: 2020 })).toBe('2020 BMW');
    expect(vehicleName({ make: 'Vauxhall', model: 'Corsa', year: null })).toBe('Vauxhall Corsa');
  });

  it('says each SPEC §4 level with the vehicle', () => {
    const say = (level: number) => {
      const fit = garageFit(level);
      return fit ? `${fit.className}: ${t(fit.labelKey, { vehicle: '2012 Ford Focus' })}` : null;
    };
    expect(say(1)).toBe('exact: Fits your 2012 Ford Focus');
    expect(say(2)).toBe('likely: May fit your 2012 Ford Focus');
    expect(say(3)).toBe('optional: May fit your 2012 Ford Focus: please check the details');
    expect(say(0)).toBe('unknown: Does not fit your 2012 Ford Focus');
  });

  it('shows nothing without a level to back it', () => {
    expect(garageFit(100)).toBeNull();
    expect(garageFit(7)).toBeNull();
    expect(garageFit(null)).toBeNull();
    expect(garageFit(undefined)).toBeNull();
  });

  it('says what an order line was bought for and the fit shown then', () => {
    expect(boughtFor({ vrn: 'AB12CDE', make: 'Ford', model: 'Focus', year: 2012, CompatabilityLevel: 1 })).toEqual({ vehicle: 'your 2012 Ford Focus (AB12CDE)', fitShown: 'Fits your 2012 Ford Focus' });
    expect(boughtFor({ vrn: null, make: 'Volkswagen', model: 'Golf Mk7', year: 2016, CompatabilityLevel: 0 })).toEqual({ vehicle: 'your 2016 Volkswagen Golf Mk7', fitShown: 'Does not fit your 2016 Volkswagen Golf Mk7' });
    // Level 100 showed no badge: nothing is claimed about the fit.
    expect(boughtFor({ vrn: 'AB12CDE', make: 'Ford', model: 'Focus', year: 2012, CompatabilityLevel: 100 }).fitShown).toBeNull();
  });
});
