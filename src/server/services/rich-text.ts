/**
 * The allow-list of formatted text (richText fields): what the admin's editor makes (paragraphs, headings, lists,
 * emphasis, quotes, code, links, images, alignment) and nothing else. No script, style sheet, event handler,
 * frame or form survives, links and images keep only http(s) addresses (links also mailto: and tel:, images also
 * the product's own uploads), and a link that opens a new tab gets rel="noopener noreferrer".
 *
 * Every richText value is cleaned here before it is stored (services/records.ts), whatever API it came through,
 * so the admin and the public site may show stored HTML as it is.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'mark',
    'span',
    'blockquote',
    'code',
    'pre',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The contents of these go with them (a script's text is not text of the page).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'template'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !isImageSource(frame.attribs.src),
  transformTags: {
    a: (tagName, attribs) => {
      const next = { ...attribs };
      if (next.target && next.target !== '_blank') delete next.target;
      if (next.target === '_blank') next.rel = 'noopener noreferrer';
      return { tagName, attribs: next };
    },
  },
};

/** An image source the page may load: the product's own upload, or an http(s) address. */
function isImageSource(src: string | undefined): boolean {
  if (!src) return false;
  return /^\/uploads\/images\/[0-9a-f]{32}(-\d+)?\.(jpg|png|webp)$/.test(src) || /^https?:\/\//i.test(src);
}

/** The value with everything outside the allow-list removed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
