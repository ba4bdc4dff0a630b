import { describe, expect, it } from 'vitest';
import { claimRefusal, erasedClaimAnswers, type LineClaim } from './warranty-claims';

const claim = (status: LineClaim['status'], settlement: LineClaim['settlement'] = null): LineClaim => ({ status, settlement });

describe('claimRefusal: a line may be claimed while its warranty is in force, with no open claim and none that settled it', () => {
  it('offers a claim on a line in warranty never claimed', () => {
    expect(claimRefusal(true, [])).toBeNull();
  });

  it('refuses a line whose warranty has ended, whatever its claims', () => {
    expect(claimRefusal(false, [])).toEqual({ why: 'ended' });
    expect(claimRefusal(false, [claim('submitted')])).toEqual({ why: 'ended' });
  });

  it('refuses a second claim while one is being decided, naming its status', () => {
    expect(claimRefusal(true, [claim('submitted')])).toEqual({ why: 'open', status: 'submitted' });
    expect(claimRefusal(true, [claim('rejected'), claim('information_requested')])).toEqual({ why: 'open', status: 'information_requested' });
  });

  it('refuses a line settled by an approved claim, closed or not', () => {
    expect(claimRefusal(true, [claim('approved', 'refund')])).toEqual({ why: 'settled' });
    expect(claimRefusal(true, [claim('closed', 'replacement')])).toEqual({ why: 'settled' });
    expect(claimRefusal(true, [claim('rejected'), claim('closed', 'labour')])).toEqual({ why: 'settled' });
  });

  it('leaves the line free after a rejected claim, closed or not', () => {
    expect(claimRefusal(true, [claim('rejected')])).toBeNull();
    expect(claimRefusal(true, [claim('closed'), claim('rejected')])).toBeNull();
  });
});

describe("erasedClaimAnswers: a deleted account's claim keeps its choices, not the member's own words", () => {
  it('keeps radio and select answers and drops text and textarea ones', () => {
    expect(erasedClaimAnswers('stopped_working', { how_often: 'always', description: 'Fitted at my house in Leeds, call Jo on 07700 900123.' })).toEqual({ how_often: 'always' });
    expect(erasedClaimAnswers('warning_light', { fault_codes: 'P0562', description: 'Anything' })).toEqual({});
    expect(erasedClaimAnswers('leak_or_noise', { symptom: 'leak', description: 'Drips' })).toEqual({ symptom: 'leak' });
  });

  it('drops answers the reason does not ask for, and all of an unknown reason', () => {
    expect(erasedClaimAnswers('other', { description: 'x', note: 'y' })).toEqual({});
    expect(erasedClaimAnswers('gone', { how_often: 'always' })).toEqual({});
  });
});
