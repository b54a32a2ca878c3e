/**
 * The Hindi of the office's resources against the English their declarations give today: a field, an enum value or
 * a sentence added to a declaration fails this test until its Hindi is written in src/resources/hindi/office.ts.
 */
import type { StringMap } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { resources } from '../../../resources/index.ts';
import { resourceMessages } from '../../generated/messages.ts';
import { officeResourcesHindi } from '../../../resources/hindi/office.ts';
import { translationProblems } from './translation-check.ts';

const NAMES = [
  'activities',
  'cities',
  'contact_messages',
  'countries',
  'departments',
  'designations',
  'donations',
  'employees',
  'notifications',
  'role_permissions',
  'roles',
  'states',
  'tax_wordings',
  'trust_settings',
  'users',
] as const;

/** Words written as they are, with no Devanagari letter. */
const AS_IS = new Set([
  // The income-tax Permanent Account Number (donations.pan, trust_settings.pan): staff, donors and the forms say PAN.
  'PAN',
]);

const english = (name: string) => {
  const resource = resources.find((r) => r.name === name);
  if (!resource) throw new Error(`${name} is no longer declared`);
  return resourceMessages(resource);
};

describe('Hindi of the office resources', () => {
  it('covers exactly these resources, each of them declared', () => {
    expect(Object.keys(officeResourcesHindi).sort()).toEqual([...NAMES].sort());
    const declared = resources.map((r) => r.name);
    for (const name of NAMES) expect(declared, name).toContain(name);
  });

  for (const name of NAMES) {
    it(`${name}: every key of the English, translated, and no other`, () => {
      expect(translationProblems(english(name), officeResourcesHindi[name], AS_IS, name)).toEqual([]);
    });
  }

  it('gives each resource a tree of its own (no shared object a later merge could change for all)', () => {
    const forms = NAMES.map((name) => officeResourcesHindi[name]!.form);
    expect(new Set(forms).size).toBe(forms.length);
  });

  it('finds what a broken tree lacks (the check itself can fail)', () => {
    const en = english('donations');
    const hindi = structuredClone(officeResourcesHindi.donations!) as StringMap;
    expect(translationProblems(en, hindi, AS_IS, 'donations')).toEqual([]);

    const fields = hindi.fields as StringMap;
    delete fields.remarks;
    fields.donor_name = 'Donor Name';
    fields.pan = '';
    fields.extra = 'अतिरिक्त';
    hindi.name = 'दान';
    (hindi.choices as StringMap).mode = 'माध्यम';
    ((hindi.choices as StringMap).status as StringMap).Received = 'प्राप्त %{n}';
    // फ़ as the one code point U+095E, which NFC writes as फ + nukta.
    hindi.search = '\u095e\u094b\u091f\u094b खोजें';
    expect(translationProblems(en, hindi, AS_IS, 'donations')).toEqual([
      'donations.name: 1 plural forms instead of 2',
      'donations.fields.donor_name: not Hindi: "Donor Name"',
      'donations.fields.pan: empty',
      'donations.fields.remarks: missing',
      'donations.fields.extra: extra (English has no such key)',
      'donations.choices.status.Received: placeholders {n} instead of {}',
      'donations.choices.mode: should be a group of keys',
      'donations.search: not in Unicode NFC',
    ]);
    expect(translationProblems(en, undefined, AS_IS, 'donations')).toEqual(['donations: missing']);
  });
});
