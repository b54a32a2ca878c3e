/**
 * The sentences of validation, as templates (`%{label} is required.`), shared by the server, which answers them in
 * English, and the admin, which shows them in the language chosen. A sentence made here is remembered with its
 * template and values, so that the admin can say the same thing in Hindi whether its own form or the server found
 * the problem (both build the same sentence from the same declaration). The Hindi is src/resources/hindi/sentences.ts;
 * this module imports nothing.
 */
export const VALIDATION = {
  required: '%{label} is required.',
  minLength: '%{label} must be at least %{min} characters.',
  maxLength: '%{label} must be at most %{max} characters.',
  oneOf: '%{label} must be one of: %{values}.',
  fromList: '%{label} must be chosen from the list.',
  wholeNumber: '%{label} must be a whole number.',
  negative: '%{label} cannot be negative.',
  atLeast: '%{label} must be at least %{min}.',
  atMost: '%{label} must be at most %{max}.',
  date: '%{label} must be a date (YYYY-MM-DD).',
  image: '%{label} must be an uploaded image.',
  imageOrUrl: '%{label} must be an uploaded image or the https:// address of one.',
  file: '%{label} must be an uploaded file (%{kinds}).',
  fileOrUrl: '%{label} must be an uploaded file (%{kinds}) or a web address.',
  maxImages: '%{label}: at most %{max} images.',
  maxItems: '%{label}: at most %{max} items.',
  tooLong: '%{label} is too long (at most %{max} characters).',
  url: '%{label} must be a web address starting with http:// or https://.',
  imageUrl: '%{label} must be the https:// address of an image.',
  dateTime: '%{label} must be a date and time, such as 2026-11-22T10:30:00+05:30.',
} as const;

export type SentenceKey = keyof typeof VALIDATION;
export type SentenceValues = Readonly<Record<string, string | number>>;

/** What a sentence was made of: a template of VALIDATION and its values, or a declared sentence and its item. */
export type Said = { key: SentenceKey; values: SentenceValues } | { declared: string; n: number };

const said = new Map<string, Said>();
/** Sentences are few (a declaration's fields times their rules); the cap only guards against a runaway caller. */
const MAX_REMEMBERED = 20_000;

function remember(text: string, what: Said): string {
  if (said.size < MAX_REMEMBERED || said.has(text)) said.set(text, what);
  return text;
}

/** A template filled in: `%{name}` by its value. */
export function fillTemplate(template: string, values: SentenceValues): string {
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The English sentence of a template, remembered. */
export function say(key: SentenceKey, values: SentenceValues): string {
  return remember(fillTemplate(VALIDATION[key], values), { key, values });
}

/** A sentence of a declaration about item `n` of a list (`{n}` is its place), remembered with its place. */
export function sayOfItem(declared: string, n: number): string {
  return remember(declared.replaceAll('{n}', String(n)), { declared, n });
}

/**
 * A validation template as its pieces: the text between placeholders, and the placeholders' names. Read back longest
 * template first, so that "… at least 5 characters." is minLength's, not atLeast's.
 */
const TEMPLATES = (Object.keys(VALIDATION) as SentenceKey[])
  .map((key) => {
    const pieces = VALIDATION[key].split(/%\{(\w+)\}/);
    return {
      key,
      texts: pieces.filter((_, i) => i % 2 === 0),
      names: pieces.filter((_, i) => i % 2 === 1),
    };
  })
  .sort((a, b) => VALIDATION[b.key].length - VALIDATION[a.key].length);

/** A number as a template's `min` or `max` holds it. */
const NUMBER = /^-?\d[\d,.]*$/;

/**
 * The values of a template's placeholders in `text`, or undefined when it is not that template's sentence: each
 * value runs to the first place the next piece of text is found (the last to the end), as a lazy pattern would, but
 * in one pass over the text.
 */
function valuesIn(text: string, texts: string[], names: string[]): SentenceValues | undefined {
  if (names.length === 0) return text === texts[0] ? {} : undefined;
  const last = texts.at(-1)!;
  if (!text.startsWith(texts[0]!) || !text.endsWith(last) || text.length < texts[0]!.length + last.length)
    return undefined;
  const values: Record<string, string> = {};
  let at = texts[0]!.length;
  const end = text.length - last.length;
  for (let i = 0; i < names.length; i++) {
    const next = i + 1 < names.length ? text.indexOf(texts[i + 1]!, at + 1) : end;
    if (next < 0 || next > end || next <= at) return undefined;
    const value = text.slice(at, next);
    if ((names[i] === 'min' || names[i] === 'max') && !NUMBER.test(value)) return undefined;
    values[names[i]!] = value;
    at = next + (i + 1 < names.length ? texts[i + 1]!.length : 0);
  }
  return at === end ? values : undefined;
}

/**
 * What a sentence was made of: remembered if this process made it, else read back from the templates (a sentence
 * another process made and a record kept: an import's row errors).
 */
export function sentenceOf(text: string): Said | undefined {
  const known = said.get(text);
  if (known) return known;
  for (const { key, texts, names } of TEMPLATES) {
    const values = valuesIn(text, texts, names);
    if (values) return { key, values };
  }
  return undefined;
}

/**
 * The sentences the server writes into records that people read later (the activity log, notifications), as
 * templates. A record keeps the English sentence as its text (what /api/v1 and every client that knows no key
 * reads) and, beside it, the template's key and values (`<field>_key`, `<field>_values`: a text field declared
 * `said`), so that the admin says it in the reader's language (the Hindi is src/resources/hindi/sentences.ts). Records kept
 * before the keys existed got theirs from drizzle/0023 where their text is one of these sentences; the others are
 * shown as stored. A sentence's English never changes once records carry it: a new wording is a new key.
 */
export const STORED = {
  // The activity log: sign-ins and sign-outs (services/auth.ts).
  signedIn: 'Signed in as %{userType}.',
  signedOut: 'Signed out.',
  signInThrottled:
    'Sign-in refused without checking the password: slowed down after repeated failures (%{seconds} s to wait).',
  signInWrongPassword: 'Sign-in refused: wrong password.',
  signInWrongPasswordSlowed:
    'Sign-in refused: wrong password. Further attempts are slowed down: the next in %{seconds} s.',
  signInDeactivated: 'Sign-in refused: account deactivated.',
  signInDeactivatedSlowed:
    'Sign-in refused: account deactivated. Further attempts are slowed down: the next in %{seconds} s.',
  signInWrongType: 'Sign-in refused: signed in as %{chosen}, but the account is %{userType}.',
  signInWrongTypeSlowed:
    'Sign-in refused: signed in as %{chosen}, but the account is %{userType}. Further attempts are slowed down: the next in %{seconds} s.',
  passwordChanged: 'Changed the password; every session was ended.',
  // The activity log: password resets (services/password-reset.ts).
  resetInactive: 'A password reset link was requested, but the account is deactivated: no email was sent.',
  resetTooOftenFromAddress:
    'A password reset link was requested, but it was asked for more than %{times} times within the last hour from the same address: no email was sent.',
  resetTooManyEmails:
    'A password reset link was requested, but %{count} were sent within the last hour and the last less than %{minutes} minutes ago: no email was sent.',
  resetEmailed: 'A password reset link was requested and emailed.',
  resetLinkGiven: '%{by} gave a one-time link to choose a new password by hand.',
  passwordReset: 'The password was reset with an emailed link; every session was ended.',
  // Notifications (services/notifications.ts, routes/api/v2/account-requests.ts).
  newContactMessage: 'New contact message from %{name}',
  newContactMessageAbout: 'New contact message from %{name}: %{subject}',
  newDonation: 'New donation of %{amount} from %{donor} on the website (%{status})',
  newUser: 'New user: %{username} (%{userType})',
  emailFailed: 'Email #%{id} to %{to} ("%{subject}") could not be sent: %{reason}',
  // The server's backups (services/backup-schedule.ts).
  backupFailed: 'The backup of %{day} failed: %{reason}',
  backupMissing: 'No backup has succeeded since %{since}: the data is not safe until one does.',
  accountRequested: 'Account requested for %{name} (%{email}) by %{by}',
  accountRequestedExists:
    'Account requested for %{name} (%{email}) by %{by} (An account with this email already exists: the person can sign in, or use Forgot Password.)',
  // An import's preview: what is wrong with a cell, after its column's name (services/import-cells.ts).
  importNotWholeNumber: '"%{text}" is not a whole number (write it like 1,25,000).',
  importNotDate: '"%{text}" is not a date (write it as dd/mm/yyyy: 27/11/2026).',
  importNotDateTime: '"%{text}" is not a date and time (write it as dd/mm/yyyy hh:mm: 27/11/2026 16:05).',
  importNotYesNo: 'write Yes or No (हाँ or नहीं), not "%{text}".',
  importNotOneOf: '"%{text}" is not one of %{values}.',
  importNoneNamed: 'there is none named "%{text}".',
  importManyNamed: 'more than one is named "%{text}"; rename one of them first.',
  importServerValue: "%{value} is given by its own action on the record's screen, not by an import.",
  // An import's preview: what is wrong with a row as a whole, or with its ID (services/imports.ts).
  importNotAnId: '"%{text}" is not the ID of a record.',
  importSameRecordTwice: 'Row %{row} of the file changes the same record (ID %{id}).',
  importNoSuchRecord: 'There is no %{one} with ID %{id} that you may see.',
  importMayNotEdit: 'You do not have permission to edit %{many}.',
  importEditOwnOnly: 'You may edit only the %{many} you added.',
  importMayNotAdd: 'You do not have permission to add %{many}.',
  // An import refused as a whole (services/imports.ts, services/import-cells.ts, services/spreadsheet): the answer's
  // `said` carries the key, and values in the language the upload asked for (lang=), so the admin says it in that.
  importFileEmpty: 'The file is empty.',
  importFileTooLarge: 'The file is larger than %{mb} MB, the most an import takes. Split it into smaller files.',
  importTooManyRows: 'The file has more than %{limit} rows, the most an import takes. Split it into smaller files.',
  importNoHeader: 'The file is empty: it has no header row and no rows.',
  importNoRows: 'The file has a header row and no rows under it.',
  importTwoColumns: 'The file has two columns for %{field}: %{first} and %{second}. Keep one.',
  importNoKnownColumn:
    'The first row of the file names none of the columns of %{resource} (%{fields}…). Start from the template.',
  importMissingColumns: 'The file has no column for %{fields}, which every new %{one} needs.',
  importRowsHaveErrors: '%{count} rows have errors. Fix them and import the file again, or import the valid rows only.',
  importRowHasErrors: '1 row has errors. Fix it and import the file again, or import the valid rows only.',
  importNothingToDo: 'There is nothing to import: every row is unchanged or has errors.',
  // An import that failed as a whole, as its job says it (services/imports.ts).
  importReadFailed: 'The file could not be read to the end.',
  importStoppedReading: 'The server stopped while it read the file. Upload it again.',
  importStoppedWriting: 'The server stopped while it imported the rows; nothing was written. Confirm the import again.',
  importWriteFailed: 'The import could not be written; nothing was changed.',
  importRowFailed: 'Row %{row}: %{reason} Nothing was imported.',
  sheetBinaryCsv: 'The file is not a CSV file: it holds binary data.',
  sheetTooManyRows: 'The file has more than %{limit} rows.',
  sheetNotPdf: 'The file is not a PDF.',
  sheetNotXlsx: 'The file is not an Excel workbook (.xlsx).',
  sheetPdfTooLarge: 'The rows inside the PDF unpack to more than %{limit} MB.',
  sheetPdfNoRows:
    'This PDF carries no rows to import: only a PDF exported from this product holds its rows inside. Import the Excel or CSV file instead.',
  sheetPdfDamaged: 'The PDF is damaged: the rows inside it cannot be read.',
  sheetUnsafeXml: 'The workbook declares XML entities, which this product does not read.',
  sheetDamaged: 'The file is not a workbook that can be read: it may be damaged.',
  sheetTooLarge: 'The workbook unpacks to more than %{limit} MB.',
  sheetNoSheet: 'The workbook has no sheet.',
} as const;

export type StoredKey = keyof typeof STORED;
export type StoredValues = Readonly<Record<string, string | number>>;

/** A sentence as a record keeps it: its key in STORED and its values. */
export interface StoredSentence {
  key: StoredKey;
  values: StoredValues;
}

/**
 * Values that are words of a fixed list (an account's type, a donation's status): the reader's language says them
 * too. Each list names its words in English; their Hindi is src/resources/hindi/sentences.ts, and a test checks
 * each list against the declaration it comes from (tests/server/said-sentences.test.ts).
 */
export const STORED_TERMS = {
  accountType: ['Admin', 'Employee', 'Vendor', 'Client'],
  donationStatus: ['Received', 'Pending', 'Cancelled'],
  /** What the server records in the activity log's Action: a word of this list on any entry is said in Hindi too. */
  activityAction: ['Sign-in', 'Sign-out', 'Password reset request', 'Password change', 'Password reset'],
} as const;

export type TermList = keyof typeof STORED_TERMS;

/** Which values of which sentence are words of a list. */
export const STORED_VALUE_TERMS: Partial<Record<StoredKey, Readonly<Record<string, TermList>>>> = {
  signedIn: { userType: 'accountType' },
  signInWrongType: { chosen: 'accountType', userType: 'accountType' },
  signInWrongTypeSlowed: { chosen: 'accountType', userType: 'accountType' },
  newDonation: { status: 'donationStatus' },
  newUser: { userType: 'accountType' },
};

/** A sentence of STORED with its values and its English text. */
export type SaidText = StoredSentence & { text: string };

/** A sentence of STORED with its values: what a record keeps, and its English text. */
export function stored(key: StoredKey, values: StoredValues = {}): SaidText {
  return { key, values, text: fillTemplate(STORED[key], values) };
}

/**
 * A sentence's values with the record's name said in other words: `one` and `many` (values of the import's
 * sentences, "no department has the ID 7") in the reader's language. Other values stay as they are.
 */
export function withRecordNames(values: StoredValues, names: { one: string; many: string }): StoredValues {
  return {
    ...values,
    ...('one' in values ? { one: names.one } : {}),
    ...('many' in values ? { many: names.many } : {}),
  };
}

/** Whether a record's key and values are a sentence of STORED (an unknown key is shown as its text). */
export function storedSentenceOf(key: unknown, values: unknown): StoredSentence | undefined {
  if (typeof key !== 'string' || !Object.hasOwn(STORED, key)) return undefined;
  const given = values !== null && typeof values === 'object' && !Array.isArray(values) ? values : {};
  const clean: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(given))
    if (typeof value === 'string' || typeof value === 'number') clean[name] = value;
  return { key: key as StoredKey, values: clean };
}

/** The companion fields of a text field declared `said`: its sentence's key and values. */
export const saidKeyField = (field: string) => `${field}_key`;
export const saidValuesField = (field: string) => `${field}_values`;
