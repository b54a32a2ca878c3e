/**
 * Amounts as a donation receipt prints them: in figures with Indian digit grouping (₹1,50,000) and in Hindi
 * words in the Indian system (एक लाख पचास हज़ार रुपये मात्र). Shared by the server and the browser, so it uses
 * only the language and Intl, nothing of Node's or the DOM's.
 *
 * Hindi has no rule that builds 21–99 from smaller words: each of 1–99 is its own word and is listed below.
 * Where spellings vary, the choice and the reason are written next to the word (see WORDS_1_TO_99).
 */

/** The largest number hindiNumberWords spells, 99,99,99,999; a donation is at most ₹10 crore (donations.ts). */
export const MAX_HINDI_WORDS = 999_999_999;

/**
 * formatRupees refuses amounts from ten lakh crore up: beyond that a double no longer holds an amount to the
 * paisa (its step passes 0.01 near 10^14), and no receipt or total of this trust comes near it.
 */
const FORMAT_LIMIT_RUPEES = 1e13;

/**
 * 1–99, index = number. Mostly as CLDR's Hindi spell-out rules (unicode-org/cldr common/rbnf/hi.xml) write them;
 * for 1–50 these agree with the Central Hindi Directorate's 1980 standard list of number words (seen in a copy at
 * teachersofindia.org) apart from 15 and 44 below and what look like slips of that copy (सताईस, तैतालिस).
 * Deliberate choices where usage varies:
 * - 5 पाँच with chandrabindu, 6 छह (not पांच, छः): CLDR and the Directorate's list.
 * - 15 पंद्रह, not पन्द्रह (CLDR and the 1980 list): the Directorate's later spelling standard (देवनागरी लिपि तथा
 *   हिंदी वर्तनी का मानकीकरण) writes a nasal before a consonant of its own class as anusvara, as in हिंदी itself.
 * - 18 अठारह (not अट्ठारह), 28 अट्ठाईस, 58 अट्ठावन, 88 अट्ठासी, 98 अट्ठानवे: CLDR.
 * - 44 चवालीस (the Directorate's list) rather than CLDR's चौवालीस; Wikipedia has given both.
 * - 53 तिरेपन, 63 तिरेसठ, 66 छियासठ, 67 सड़सठ: CLDR (तिरपन, तिरसठ, छयासठ, सरसठ are also seen).
 * - 79 उन्यासी (Wikipedia's Hindustani numerals) rather than CLDR's उनासी.
 * - 91–99 end in -नवे (इक्यानवे … निन्यानवे, as Wikipedia and Kamta Prasad Guru's हिंदी व्याकरण write them) rather
 *   than CLDR's -नबे; 95 पचानवे rather than CLDR's पंचानबे.
 * The strings are in Unicode NFC: ड़ and ज़ are ड/ज followed by the nukta sign, never the precomposed code points,
 * so that a search or a comparison of the printed words finds them.
 */
const WORDS_1_TO_99: readonly string[] = [
  '',
  'एक',
  'दो',
  'तीन',
  'चार',
  'पाँच',
  'छह',
  'सात',
  'आठ',
  'नौ',
  'दस',
  'ग्यारह',
  'बारह',
  'तेरह',
  'चौदह',
  'पंद्रह',
  'सोलह',
  'सत्रह',
  'अठारह',
  'उन्नीस',
  'बीस',
  'इक्कीस',
  'बाईस',
  'तेईस',
  'चौबीस',
  'पच्चीस',
  'छब्बीस',
  'सत्ताईस',
  'अट्ठाईस',
  'उनतीस',
  'तीस',
  'इकतीस',
  'बत्तीस',
  'तैंतीस',
  'चौंतीस',
  'पैंतीस',
  'छत्तीस',
  'सैंतीस',
  'अड़तीस',
  'उनतालीस',
  'चालीस',
  'इकतालीस',
  'बयालीस',
  'तैंतालीस',
  'चवालीस',
  'पैंतालीस',
  'छियालीस',
  'सैंतालीस',
  'अड़तालीस',
  'उनचास',
  'पचास',
  'इक्यावन',
  'बावन',
  'तिरेपन',
  'चौवन',
  'पचपन',
  'छप्पन',
  'सत्तावन',
  'अट्ठावन',
  'उनसठ',
  'साठ',
  'इकसठ',
  'बासठ',
  'तिरेसठ',
  'चौंसठ',
  'पैंसठ',
  'छियासठ',
  'सड़सठ',
  'अड़सठ',
  'उनहत्तर',
  'सत्तर',
  'इकहत्तर',
  'बहत्तर',
  'तिहत्तर',
  'चौहत्तर',
  'पचहत्तर',
  'छिहत्तर',
  'सतहत्तर',
  'अठहत्तर',
  'उन्यासी',
  'अस्सी',
  'इक्यासी',
  'बयासी',
  'तिरासी',
  'चौरासी',
  'पचासी',
  'छियासी',
  'सत्तासी',
  'अट्ठासी',
  'नवासी',
  'नब्बे',
  'इक्यानवे',
  'बानवे',
  'तिरानवे',
  'चौरानवे',
  'पचानवे',
  'छियानवे',
  'सत्तानवे',
  'अट्ठानवे',
  'निन्यानवे',
];

/**
 * The Indian places, largest first. Each takes a count of 1–99 before it (सौ only 1–9), and 99,99,99,999 is the
 * largest number whose crore count stays below a hundred, hence MAX_HINDI_WORDS. हज़ार with the nukta of its
 * Persian ज़ (CLDR and many banks write हजार); करोड़ with ड़, which is the word's own letter, not an optional dot.
 */
const PLACES = [
  { value: 10_000_000, word: 'करोड़' },
  { value: 100_000, word: 'लाख' },
  { value: 1_000, word: 'हज़ार' },
  { value: 100, word: 'सौ' },
] as const;

function word1To99(n: number): string {
  const word = WORDS_1_TO_99[n];
  if (word === undefined || word === '') throw new Error(`No Hindi word for ${n}: only 1–99 have one.`);
  return word;
}

/**
 * A whole number from 0 to 99,99,99,999 in Hindi words, Indian system: 1234567 → "बारह लाख चौंतीस हज़ार पाँच सौ
 * सड़सठ". Every place is said with its count, so 100 is "एक सौ" and 1100 "एक हज़ार एक सौ", as a cheque or a
 * receipt writes them (a bare "सौ" or "हज़ार" reads as an approximation).
 */
export function hindiNumberWords(n: number): string {
  if (Number.isNaN(n)) throw new RangeError('hindiNumberWords needs a number, and was given NaN.');
  if (!Number.isInteger(n)) {
    throw new RangeError(`hindiNumberWords spells whole numbers only, and was given ${n}.`);
  }
  if (n < 0 || n > MAX_HINDI_WORDS) {
    throw new RangeError(`hindiNumberWords spells numbers from 0 to 99,99,99,999, and was given ${n}.`);
  }
  if (n === 0) return 'शून्य';
  const words: string[] = [];
  let rest = n;
  for (const place of PLACES) {
    const count = Math.floor(rest / place.value);
    rest %= place.value;
    if (count > 0) words.push(word1To99(count), place.word);
  }
  if (rest > 0) words.push(word1To99(rest));
  return words.join(' ');
}

/**
 * An amount in whole paise, rounded half up from the decimal a person wrote. JavaScript prints a number as the
 * shortest decimal that reads back as the same double, so rounding that text (not amount × 100, whose binary
 * error turns 1.005 into 100.49999…) gives 0.1 + 0.2 → 30 paise and 1.005 → 101 paise, never garbage.
 */
function toPaise(amount: number, caller: string, limitRupees: number, limitText: string): number {
  if (Number.isNaN(amount)) throw new RangeError(`${caller} needs an amount, and was given NaN.`);
  if (amount < 0) throw new RangeError(`${caller} takes no negative amount, and was given ${amount}.`);
  // Written as "not below" so that Infinity is refused here too.
  if (!(amount < limitRupees)) {
    throw new RangeError(`${caller} takes amounts below ${limitText}, and was given ${amount}.`);
  }
  const text = String(amount);
  // Exponent notation appears only below 0.000001 here (the limit keeps amounts far below 1e21): zero paise.
  if (text.includes('e')) return 0;
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = fraction.padEnd(3, '0');
  const roundUp = Number(digits[2]) >= 5 ? 1 : 0;
  return Number(whole) * 100 + Number(digits.slice(0, 2)) + roundUp;
}

/*
 * Intl.NumberFormat('en-IN') with the INR currency gives exactly the receipt's figures (₹0, ₹1,500, ₹1,50,000,
 * ₹99,99,99,999, ₹1,500.50, the sign with no space) in Node 24 (ICU 78) and in Chromium 156, both checked, so it
 * is used rather than grouping by hand. It rests on the runtime's ICU data: a runtime built without en-IN would
 * fall back to western grouping (₹150,000). The unit tests hold Node's output to a by-hand grouping; Chromium's
 * was compared once, by hand, when this was written.
 * Paise are rounded by toPaise before formatting, so Intl never rounds; it only groups and pads.
 */
const RUPEES_WHOLE = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const RUPEES_AND_PAISE = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * An amount in figures with the rupee sign and Indian grouping: 150000 → "₹1,50,000", 1500.5 → "₹1,500.50".
 * Whole amounts print no decimals; others print two, rounded half up to the paisa. Refuses NaN, infinities,
 * negative amounts and amounts from ten lakh crore up, which a receipt never shows.
 */
export function formatRupees(amount: number): string {
  const paise = toPaise(amount, 'formatRupees', FORMAT_LIMIT_RUPEES, '₹10,00,00,00,00,000');
  return paise % 100 === 0 ? RUPEES_WHOLE.format(paise / 100) : RUPEES_AND_PAISE.format(paise / 100);
}

/**
 * An amount in Hindi words as a receipt writes it, ending in मात्र ("only"): 150000 → "एक लाख पचास हज़ार रुपये
 * मात्र", 1 → "एक रुपया मात्र", 1500.5 → "एक हज़ार पाँच सौ रुपये और पचास पैसे मात्र". Paise are rounded half up to
 * two decimals; an amount below one rupee is said in paise alone. Refuses what hindiNumberWords cannot spell.
 */
export function amountInHindiWords(amount: number): string {
  const paise = toPaise(amount, 'amountInHindiWords', MAX_HINDI_WORDS + 1, '₹1,00,00,00,000');
  const rupees = Math.floor(paise / 100);
  // 99,99,99,999.995 passes the limit above and rounds up to a rupee too many.
  if (rupees > MAX_HINDI_WORDS) {
    throw new RangeError(`amountInHindiWords takes amounts below ₹1,00,00,00,000, and was given ${amount}.`);
  }
  const cents = paise % 100;
  // रुपये, not the also-seen रुपए: the plural keeps the य that belongs to रुपया itself.
  const rupeesPart = `${hindiNumberWords(rupees)} ${rupees === 1 ? 'रुपया' : 'रुपये'}`;
  if (cents === 0) return `${rupeesPart} मात्र`;
  const paisePart = `${hindiNumberWords(cents)} ${cents === 1 ? 'पैसा' : 'पैसे'}`;
  return rupees === 0 ? `${paisePart} मात्र` : `${rupeesPart} और ${paisePart} मात्र`;
}
