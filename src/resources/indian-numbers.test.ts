import { describe, expect, it } from 'vitest';
import { amountInHindiWords, formatRupees, hindiNumberWords, MAX_HINDI_WORDS } from './indian-numbers.ts';

/*
 * The expected words for 1–99 are not copied from the module: they are CLDR's Hindi spell-out list
 * (unicode-org/cldr common/rbnf/hi.xml, spellout-cardinal, 1 to 99 in order) with the module's deliberate
 * departures applied on top, each named. A mistyped word in the module, or a departure nobody wrote down,
 * fails here.
 */
const CLDR_HI_1_TO_99 = (
  'एक दो तीन चार पाँच छह सात आठ नौ दस ' +
  'ग्यारह बारह तेरह चौदह पन्द्रह सोलह सत्रह अठारह उन्नीस बीस ' +
  'इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस तीस ' +
  'इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस चालीस ' +
  'इकतालीस बयालीस तैंतालीस चौवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास पचास ' +
  'इक्यावन बावन तिरेपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ साठ ' +
  'इकसठ बासठ तिरेसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर सत्तर ' +
  'इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उनासी अस्सी ' +
  'इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी नब्बे ' +
  'इक्यानबे बानबे तिरानबे चौरानबे पंचानबे छियानबे सत्तानबे अट्ठानबे निन्यानबे'
).split(' ');

/** Where the module deliberately writes another standard spelling than CLDR (reasons in indian-numbers.ts). */
const DEPARTURES_FROM_CLDR: Record<number, string> = {
  15: 'पंद्रह', // anusvara, per the Central Hindi Directorate's spelling standard
  44: 'चवालीस', // the Directorate's 1980 list of number words
  79: 'उन्यासी',
  91: 'इक्यानवे', // 91–99 in -नवे
  92: 'बानवे',
  93: 'तिरानवे',
  94: 'चौरानवे',
  95: 'पचानवे',
  96: 'छियानवे',
  97: 'सत्तानवे',
  98: 'अट्ठानवे',
  99: 'निन्यानवे',
};

const EXPECTED_1_TO_99 = new Map<number, string>(
  CLDR_HI_1_TO_99.map((word, index) => [index + 1, DEPARTURES_FROM_CLDR[index + 1] ?? word]),
);

/** Hand-checked compounds: the hundreds, every boundary of a place, and mixed values. */
const GOLDEN: [number, string][] = [
  [0, 'शून्य'],
  [100, 'एक सौ'],
  [101, 'एक सौ एक'],
  [110, 'एक सौ दस'],
  [115, 'एक सौ पंद्रह'],
  [199, 'एक सौ निन्यानवे'],
  [200, 'दो सौ'],
  [250, 'दो सौ पचास'],
  [300, 'तीन सौ'],
  [400, 'चार सौ'],
  [500, 'पाँच सौ'],
  [600, 'छह सौ'],
  [700, 'सात सौ'],
  [800, 'आठ सौ'],
  [900, 'नौ सौ'],
  [999, 'नौ सौ निन्यानवे'],
  [1000, 'एक हज़ार'],
  [1001, 'एक हज़ार एक'],
  [1010, 'एक हज़ार दस'],
  [1100, 'एक हज़ार एक सौ'],
  [1500, 'एक हज़ार पाँच सौ'],
  [2025, 'दो हज़ार पच्चीस'],
  [9999, 'नौ हज़ार नौ सौ निन्यानवे'],
  [10000, 'दस हज़ार'],
  [10001, 'दस हज़ार एक'],
  [11000, 'ग्यारह हज़ार'],
  [50000, 'पचास हज़ार'],
  [99999, 'निन्यानवे हज़ार नौ सौ निन्यानवे'],
  [100000, 'एक लाख'],
  [100001, 'एक लाख एक'],
  [100100, 'एक लाख एक सौ'],
  [101000, 'एक लाख एक हज़ार'],
  [150000, 'एक लाख पचास हज़ार'],
  [250075, 'दो लाख पचास हज़ार पचहत्तर'],
  [999999, 'नौ लाख निन्यानवे हज़ार नौ सौ निन्यानवे'],
  [1000000, 'दस लाख'],
  [1234567, 'बारह लाख चौंतीस हज़ार पाँच सौ सड़सठ'],
  [4444444, 'चवालीस लाख चवालीस हज़ार चार सौ चवालीस'],
  [9999999, 'निन्यानवे लाख निन्यानवे हज़ार नौ सौ निन्यानवे'],
  [10000000, 'एक करोड़'],
  [10000001, 'एक करोड़ एक'],
  [10000100, 'एक करोड़ एक सौ'],
  [10100000, 'एक करोड़ एक लाख'],
  [12345678, 'एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर'],
  [79797979, 'सात करोड़ सत्तानवे लाख सत्तानवे हज़ार नौ सौ उन्यासी'],
  [100000000, 'दस करोड़'],
  [123456789, 'बारह करोड़ चौंतीस लाख छप्पन हज़ार सात सौ नवासी'],
  [500000005, 'पचास करोड़ पाँच'],
  [987654321, 'अट्ठानवे करोड़ छिहत्तर लाख चौवन हज़ार तीन सौ इक्कीस'],
  [999999999, 'निन्यानवे करोड़ निन्यानवे लाख निन्यानवे हज़ार नौ सौ निन्यानवे'],
];

/** A small seeded generator (mulberry32), so a failing sample is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Numbers from 1 to 99,99,99,999. Half have a uniformly chosen number of digits (a uniform draw would be nine
 * digits almost always); half are built place by place with each place empty one time in three, since empty
 * places (1,00,00,001) are where a speller goes wrong.
 */
function sample(count: number, seed: number): number[] {
  const random = seeded(seed);
  const below = (n: number) => Math.floor(random() * n);
  const numbers: number[] = [];
  while (numbers.length < count) {
    let n: number;
    if (numbers.length % 2 === 0) {
      const digits = 1 + below(9);
      const low = 10 ** (digits - 1);
      n = low + below(10 ** digits - low);
    } else {
      const part = (size: number) => (below(3) === 0 ? 0 : below(size));
      n = part(100) * 10_000_000 + part(100) * 100_000 + part(100) * 1_000 + part(10) * 100 + part(100);
    }
    if (n >= 1) numbers.push(n);
  }
  return numbers;
}

/**
 * Reads Hindi number words back, left to right, the way a person reads them: a count of 1–99 and then its
 * place word. It shares nothing with the module but the expected 1–99 words above, and reads rather than
 * divides, so a place dropped, doubled, out of order or said without its count ("एक हज़ार सौ") fails to read.
 */
function parseHindiNumber(text: string): number {
  const valueOf = new Map([...EXPECTED_1_TO_99].map(([n, word]) => [word, n]));
  const placeValue: Record<string, number> = { करोड़: 10_000_000, लाख: 100_000, हज़ार: 1_000, सौ: 100 };
  let total = 0;
  let count: number | undefined;
  let lastPlace = Infinity;
  for (const token of text.split(' ')) {
    const place = placeValue[token];
    if (place !== undefined) {
      if (count === undefined) throw new Error(`"${token}" without a count in "${text}"`);
      if (place >= lastPlace) throw new Error(`"${token}" out of order in "${text}"`);
      if (place === 100 && count > 9) throw new Error(`more than nine hundreds in "${text}"`);
      total += count * place;
      lastPlace = place;
      count = undefined;
    } else {
      const value = valueOf.get(token);
      if (value === undefined) throw new Error(`unknown word "${token}" in "${text}"`);
      if (count !== undefined) throw new Error(`two counts in a row in "${text}"`);
      count = value;
    }
  }
  return total + (count ?? 0);
}

/** Indian grouping by hand, to hold Intl's output to: the last three digits, then pairs. */
function groupIndian(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

describe('hindiNumberWords', () => {
  it.each([...EXPECTED_1_TO_99])('spells %i as %s', (n, words) => {
    expect(hindiNumberWords(n)).toBe(words);
  });

  it('has 99 distinct words for 1–99, and the CLDR list it is checked against has 99 too', () => {
    expect(CLDR_HI_1_TO_99).toHaveLength(99);
    expect(new Set(EXPECTED_1_TO_99.values()).size).toBe(99);
  });

  it.each(GOLDEN)('spells %i as %s', (n, words) => {
    expect(hindiNumberWords(n)).toBe(words);
  });

  it('says every place with its count, as a receipt must', () => {
    expect(hindiNumberWords(100)).not.toBe('सौ');
    expect(hindiNumberWords(1000)).not.toBe('हज़ार');
    expect(hindiNumberWords(1100)).not.toBe('एक हज़ार सौ');
    expect(hindiNumberWords(100000)).not.toBe('लाख');
    expect(hindiNumberWords(10000000)).not.toBe('करोड़');
  });

  it('writes हज़ार and करोड़ with their dots, in NFC (dot as a separate sign, not a precomposed letter)', () => {
    const words = hindiNumberWords(10001000);
    expect(words).toBe('एक करोड़ एक हज़ार');
    expect(words).toBe(words.normalize('NFC'));
    expect(words).toContain('\u091c\u093c'); // ज + nukta
    expect(words).toContain('\u0921\u093c'); // ड + nukta
    expect(words).not.toMatch(/[\u0958-\u095f]/);
  });

  it('refuses negative, fractional, NaN, infinite and too-large numbers with a RangeError', () => {
    for (const bad of [-1, -0.5, 1.5, 0.1 + 0.2, NaN, Infinity, -Infinity, MAX_HINDI_WORDS + 1, 1e12]) {
      expect(() => hindiNumberWords(bad), String(bad)).toThrow(RangeError);
    }
    expect(() => hindiNumberWords(1.5)).toThrow('whole numbers only');
    expect(() => hindiNumberWords(1_000_000_000)).toThrow('from 0 to 99,99,99,999');
    expect(() => hindiNumberWords(NaN)).toThrow('NaN');
  });

  it('over a seeded sample of 1 to 99,99,99,999: clean spacing, NFC, and the words read back to the number', () => {
    const numbers = sample(20_000, 20_240_601);
    expect(numbers.some((n) => n < 100)).toBe(true);
    expect(numbers.some((n) => n >= 10_000_000)).toBe(true);
    for (const n of numbers) {
      const words = hindiNumberWords(n);
      expect(words, String(n)).not.toContain('  ');
      expect(words, String(n)).toBe(words.trim());
      expect(words, String(n)).toBe(words.normalize('NFC'));
      expect(parseHindiNumber(words), words).toBe(n);
    }
  });

  it('has a reader that does reject the mistakes it is there to catch', () => {
    expect(() => parseHindiNumber('एक हज़ार सौ')).toThrow('without a count');
    expect(() => parseHindiNumber('एक सौ एक हज़ार')).toThrow('out of order');
    expect(() => parseHindiNumber('दो पाँच')).toThrow('two counts');
    expect(() => parseHindiNumber('पांच')).toThrow('unknown word');
    expect(parseHindiNumber('एक करोड़ एक')).toBe(10_000_001);
  });
});

describe('formatRupees', () => {
  it.each([
    [0, '₹0'],
    [1, '₹1'],
    [100, '₹100'],
    [999, '₹999'],
    [1000, '₹1,000'],
    [1500, '₹1,500'],
    [99999, '₹99,999'],
    [100000, '₹1,00,000'],
    [150000, '₹1,50,000'],
    [10000000, '₹1,00,00,000'],
    [999999999, '₹99,99,99,999'],
    [1500.5, '₹1,500.50'],
    [1500.05, '₹1,500.05'],
    [12345678.9, '₹1,23,45,678.90'],
    [0.1 + 0.2, '₹0.30'],
    [1.005, '₹1.01'],
    [1.999, '₹2'],
    [0.004, '₹0'],
  ])('prints %d as %s', (amount, text) => {
    expect(formatRupees(amount)).toBe(text);
  });

  it('groups like the Indian system by hand, over a seeded sample with and without paise', () => {
    const random = seeded(7);
    for (const whole of sample(2_000, 99)) {
      expect(formatRupees(whole)).toBe(`₹${groupIndian(whole)}`);
      const paise = 1 + Math.floor(random() * 99);
      const text = `₹${groupIndian(whole)}.${String(paise).padStart(2, '0')}`;
      expect(formatRupees(whole + paise / 100)).toBe(text);
    }
  });

  it('refuses NaN, infinities, negative and absurdly large amounts with a RangeError', () => {
    for (const bad of [NaN, Infinity, -Infinity, -1, -0.01, 1e13, 1e21]) {
      expect(() => formatRupees(bad), String(bad)).toThrow(RangeError);
    }
  });
});

describe('amountInHindiWords', () => {
  it.each([
    [150000, 'एक लाख पचास हज़ार रुपये मात्र'],
    [1, 'एक रुपया मात्र'],
    [2, 'दो रुपये मात्र'],
    [100, 'एक सौ रुपये मात्र'],
    [1500.5, 'एक हज़ार पाँच सौ रुपये और पचास पैसे मात्र'],
    [1.01, 'एक रुपया और एक पैसा मात्र'],
    [0.5, 'पचास पैसे मात्र'],
    [0.01, 'एक पैसा मात्र'],
    [0, 'शून्य रुपये मात्र'],
    [0.1 + 0.2, 'तीस पैसे मात्र'],
    [1.005, 'एक रुपया और एक पैसा मात्र'],
    [0.999, 'एक रुपया मात्र'],
    [100000000, 'दस करोड़ रुपये मात्र'],
    [999999999.99, 'निन्यानवे करोड़ निन्यानवे लाख निन्यानवे हज़ार नौ सौ निन्यानवे रुपये और निन्यानवे पैसे मात्र'],
  ])('writes %d as %s', (amount, words) => {
    expect(amountInHindiWords(amount)).toBe(words);
  });

  it('refuses what it cannot write, including an amount that rounds up past 99,99,99,999', () => {
    for (const bad of [NaN, Infinity, -1, -0.01, 1_000_000_000, 999_999_999.995]) {
      expect(() => amountInHindiWords(bad), String(bad)).toThrow(RangeError);
    }
  });
});
