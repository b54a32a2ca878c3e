/**
 * Emails to an account in its person's language: the back-office language they chose (`accounts.locale`, set from
 * the admin's language switch), or, until they have chosen one, Hindi and then English in the same email, the
 * subject too (docs/decisions.md: a Hindi-first trust, whose staff may read either).
 */
export type EmailLanguage = 'en' | 'hi' | null;

/** What an email says in one language: its subject and its paragraphs (a paragraph that is `link` is the link). */
export interface EmailWords {
  subject: string;
  paragraphs: string[];
}

/** Between the Hindi and the English of an email in both. */
const SUBJECT_BETWEEN = ' / ';
const TEXT_BETWEEN = '\n\n———\n\n';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function bodyOf(words: EmailWords, link?: string): { text: string; html: string } {
  const text = words.paragraphs.join('\n\n');
  const html = words.paragraphs
    .map((paragraph) =>
      link !== undefined && paragraph === link
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
        : `<p>${escapeHtml(paragraph)}</p>`,
    )
    .join('\n');
  return { text, html };
}

/** A language a stored account's `locale` names, or null when it names none. */
export function emailLanguageOf(locale: unknown): EmailLanguage {
  return locale === 'hi' || locale === 'en' ? locale : null;
}

/** The email in `language`, or in Hindi then English when it is null. `link`: the paragraph that is a link. */
export function inLanguage(
  language: EmailLanguage,
  words: { en: EmailWords; hi: EmailWords },
  link?: string,
): { subject: string; text: string; html: string } {
  if (language !== null) return { subject: words[language].subject, ...bodyOf(words[language], link) };
  const hi = bodyOf(words.hi, link);
  const en = bodyOf(words.en, link);
  return {
    subject: `${words.hi.subject}${SUBJECT_BETWEEN}${words.en.subject}`,
    text: `${hi.text}${TEXT_BETWEEN}${en.text}`,
    html: `<div lang="hi">\n${hi.html}\n</div>\n<hr>\n<div lang="en">\n${en.html}\n</div>`,
  };
}

/** Every subject an email of `words` may carry (its three languages), to find it again in the outbox. */
export function subjectsOf(words: { en: EmailWords; hi: EmailWords }): string[] {
  return [words.en.subject, words.hi.subject, inLanguage(null, words).subject];
}
