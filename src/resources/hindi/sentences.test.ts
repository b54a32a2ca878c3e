import { describe, expect, it } from 'vitest';
import { activities } from '../activities.ts';
import { resourceWords } from '../resource-words.ts';
import { say, sentenceOf, stored, withRecordNames } from '../sentences.ts';
import { storedInHindi, validationInHindi } from './sentences.ts';

const label = (english: string) => ({ Amount: 'राशि', Name: 'नाम' })[english] ?? english;

describe('the Hindi of the shared sentences', () => {
  it('reads a validation sentence back from its template when no code of this process made it', () => {
    expect(sentenceOf('Amount must be at least 1.')).toEqual({ key: 'atLeast', values: { label: 'Amount', min: '1' } });
    // The longer template wins: "… at least 3 characters." is minLength's, not atLeast's with "3 characters".
    expect(sentenceOf('Name must be at least 3 characters.')).toEqual({
      key: 'minLength',
      values: { label: 'Name', min: '3' },
    });
    expect(sentenceOf('Hello there.')).toBeUndefined();
    expect(validationInHindi('Amount must be at least 1.', label)).toBe('राशि कम से कम 1 होना चाहिए।');
    expect(validationInHindi('Name is required.', label)).toBe('नाम आवश्यक है।');
  });

  it('says a sentence this process made from what it remembers, and a declared sentence about an item', () => {
    const made = say('maxLength', { label: 'Name', max: 5 });
    expect(validationInHindi(made, label)).toBe('नाम अधिकतम 5 अक्षरों का हो सकता है।');
    expect(validationInHindi('Please enter a title for image #3.', label)).toBe('कृपया चित्र #3 का शीर्षक दर्ज करें।');
    expect(validationInHindi('The server is busy.', label)).toBeUndefined();
  });

  it('says a stored sentence with the words of its lists, and nothing when a value is missing', () => {
    expect(storedInHindi(stored('signedIn', { userType: 'Employee' }))).toBe('कर्मचारी के रूप में लॉग इन किया।');
    expect(storedInHindi({ key: 'importNoneNamed', values: { text: 'Nowhere' } })).toBe('"Nowhere" नाम का कोई नहीं है।');
    expect(storedInHindi({ key: 'importNoneNamed', values: {} })).toBeUndefined();
  });

  it('says the record’s name of an import sentence in the reader’s words, and only where the sentence has one', () => {
    const hindi = resourceWords(activities, 'hi');
    const missing = stored('importNoSuchRecord', { one: 'activity', id: 7 });
    const said = storedInHindi({ key: missing.key, values: withRecordNames(missing.values, hindi) });
    expect(said).toContain(hindi.one);
    expect(said).not.toContain('activity');
    expect(withRecordNames({ id: 7 }, hindi)).toEqual({ id: 7 });
  });

  it('lets an export say a record’s sentence in Hindi, and the stored text when it has no key', () => {
    const hindi = resourceWords(activities, 'hi');
    const row = {
      description: 'Signed in as Admin.',
      description_key: 'signedIn',
      description_values: { userType: 'Admin' },
    };
    expect(hindi.said(row, 'description')).toBe('एडमिन के रूप में लॉग इन किया।');
    expect(hindi.said({ description: 'Typed by hand.', description_key: null }, 'description')).toBeUndefined();
    expect(resourceWords(activities, 'en').said(row, 'description')).toBeUndefined();
  });
});
