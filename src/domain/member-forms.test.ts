import { describe, expect, it } from 'vitest';
import {
  checkQuestionnaire,
  deletionReasonId,
  formFieldOfServerKey,
  parseQuestionnaire,
  passwordChangeFormSchema,
  questionnaireJson,
  registrationFormSchema,
  serverFieldKey,
  type RegistrationFormInput,
} from './member-forms';
import { t } from './messages';

const problems = (type: 'PRIVATE' | 'COMPANY', json: string) => {
  const found: Record<string, string> = {};
  checkQuestionnaire(type, json, (path, key, vars) => {
    found[path.join('.')] = t(key, vars);
  });
  return found;
};

describe('SPEC §3/§5 marketing questionnaire', () => {
  it('accepts complete answers and stores each with its question, keeping Other text only when Other is chosen', () => {
    const json = questionnaireJson('PRIVATE', { how_heard: { answers: ['eBay'], other: 'ignored' }, communication_methods: { answers: ['SMS', 'Email'] } });
    expect(problems('PRIVATE', json)).toEqual({});
    expect(JSON.parse(json)).toEqual({
      content_topics: { question: 'Which topics would you like to hear about?', answers: [], other: '' },
      communication_methods: { question: 'How would you like us to contact you?', answers: ['Email', 'SMS'], other: '' },
      how_heard: { question: 'How did you hear about us?', answers: ['eBay'], other: '' },
    });
    expect(parseQuestionnaire('PRIVATE', json).how_heard).toEqual({ answers: ['eBay'], other: '' });
  });

  it('asks every select question for one answer, Other for 3 characters, and refuses answers not offered', () => {
    expect(problems('COMPANY', JSON.stringify({ business_type: { answers: ['Other'], other: 'ab' }, purchase_frequency: { answers: ['Daily'] } }))).toEqual({
      'member_profile.questionnaire.business_type.other': 'Please tell us more (at least 3 characters).',
      'member_profile.questionnaire.purchase_frequency': t('members.questionnaire_invalid'),
      'member_profile.questionnaire.how_heard': t('members.questionnaire_choose'),
    });
    expect(problems('PRIVATE', '{not json')).toEqual({ 'member_profile.questionnaire': t('members.questionnaire_invalid') });
    expect(problems('PRIVATE', JSON.stringify({ business_type: { answers: ['Body Shop'] }, how_heard: { answers: ['eBay'] } }))).toEqual({
      'member_profile.questionnaire.business_type': t('members.questionnaire_invalid'),
    });
  });
});

describe('SPEC §5 server field keys', () => {
  it('name billing, delivery, profile and questionnaire fields, and map back to the form', () => {
    const cases: [path: string[], key: string][] = [
      [['email'], 'email'],
      [['member_profile', 'mobile'], 'member_profile_mobile'],
      [['member_address', 'postcode'], 'member_addresses_0_postcode'],
      [['shipping', 'phone'], 'member_addresses_1_phone'],
      [['member_profile', 'questionnaire', 'how_heard', 'other'], 'member_profile_questionnaire_how_heard_other'],
      [['member_profile', 'questionnaire', 'vehicle_types'], 'member_profile_questionnaire_vehicle_types'],
    ];
    for (const [path, key] of cases) {
      expect(serverFieldKey(path)).toBe(key);
      expect(formFieldOfServerKey(key)).toBe(path.join('.'));
    }
  });
});

describe('registration, password and deletion forms', () => {
  const registration: RegistrationFormInput = {
    email: 'jo@example.co.uk',
    password: 'Gearbox-and-clutch#1',
    confirm_password: 'Gearbox-and-clutch#1',
    first_name: 'Jo',
    last_name: 'Bloggs',
    member_profile: { mobile: '07700 900456', phone: '', questionnaire: questionnaireJson('PRIVATE', { how_heard: { answers: ['eBay'] } }) },
    member_address: { first_name: 'Jo', last_name: 'Bloggs', address1: '4 Canal Street', city: 'Manchester', county: 'Greater Manchester', postcode: 'M1 3HE', country_id: 235 },
    agree_terms: true,
  };

  it('registration is the checkout registration plus the questionnaire', () => {
    expect(registrationFormSchema({ companyAccount: true }).safeParse(registration).success).toBe(true);
    const result = registrationFormSchema({ companyAccount: true }).safeParse({ ...registration, agree_terms: false, member_profile: { ...registration.member_profile, questionnaire: '' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['agree_terms', 'member_profile.questionnaire.how_heard']);
  });

  it('password change asks the current password only when signed in', () => {
    const body = { password: 'New-timing-belt-2025!', confirm_password: 'New-timing-belt-2025!' };
    expect(passwordChangeFormSchema({ withCurrent: false }).safeParse(body).success).toBe(true);
    expect(passwordChangeFormSchema({ withCurrent: true }).safeParse(body).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['current_password']);
  });

  it('a deletion reason is a positive whole number; the placeholder is none', () => {
    expect([deletionReasonId('3'), deletionReasonId(3), deletionReasonId(''), deletionReasonId(0), deletionReasonId('1.5'), deletionReasonId(undefined)]).toEqual([3, 3, null, null, null, null]);
  });
});
