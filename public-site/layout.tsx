/** The frame of every page: the skip link, the header with the site's links, the main content, and the footer. */
import type { ReactNode } from 'react';
import { trustSettings } from '../src/resources/trust-settings.ts';
import type { Trust } from './site.ts';
import { WORDS } from './words.ts';

export const NAVIGATION: readonly { key: keyof typeof WORDS.nav; href: string }[] = [
  { key: 'home', href: '/web' },
  { key: 'about', href: '/web/about-us' },
  { key: 'news', href: '/web/news' },
  { key: 'events', href: '/web/events' },
  { key: 'blog', href: '/web/blog' },
  { key: 'images', href: '/web/images' },
  { key: 'videos', href: '/web/videos' },
  { key: 'contact', href: '/web/connect-us' },
  { key: 'donate', href: '/web/donate-now' },
];

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export function siteName(trust: Trust): string {
  return text(trust.name_hi) ?? text(trust.name_en) ?? WORDS.siteNameFallback;
}

/**
 * The office hours as this Hindi site says them: the settings' default (the spec's English words, which a new
 * installation starts with and the admin shows as they are) in Hindi; hours the trust wrote, as written.
 */
export function officeHours(trust: Trust): string | undefined {
  const hours = text(trust.office_hours);
  return hours !== undefined && hours === trustSettings.fields.office_hours.default ? WORDS.footer.defaultHours : hours;
}

/** A name written in Devanagari (and no Latin letter). */
const inDevanagari = (name: string) => /\p{Script=Devanagari}/u.test(name) && !/[A-Za-z]/.test(name);

/**
 * Who a news item or blog post is by, on this Hindi site. Its author is the name of the account that wrote it (an
 * employee's name as the office typed it, or the Admin's "Administrator"): shown when it is written in Devanagari;
 * otherwise the item is the trust's, by its Hindi name; without one, no byline (docs/decisions.md).
 */
export function byline(author: unknown, trust: Trust): { name: string; trust: boolean } | undefined {
  const name = text(author);
  if (name !== undefined && inDevanagari(name)) return { name, trust: false };
  const trustName = text(trust.name_hi);
  return trustName === undefined ? undefined : { name: trustName, trust: true };
}

export function Layout({ trust, section, children }: { trust: Trust; section?: string; children: ReactNode }) {
  const name = siteName(trust);
  return (
    <>
      <a className="skip" href="#main">
        {WORDS.skipToContent}
      </a>
      <header className="site-header">
        <div className="wrap">
          <a className="brand" href="/web">
            {name}
          </a>
          <nav aria-label={WORDS.menu}>
            <ul className="nav">
              {NAVIGATION.map(({ key, href }) => (
                <li key={key}>
                  <a
                    href={href}
                    className={key === 'donate' ? 'nav-donate' : undefined}
                    aria-current={section === key ? 'page' : undefined}
                  >
                    {WORDS.nav[key]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" className="wrap" tabIndex={-1}>
        {children}
      </main>
      <Footer trust={trust} name={name} />
    </>
  );
}

/**
 * The trust's contact details that it has filled in, as a list: in the footer of every page and beside the contact
 * form (which puts the office hours first). An address keeps its line breaks; a long email address wraps.
 */
export function ContactList({
  trust,
  className,
  hoursFirst = false,
}: {
  trust: Trust;
  className: string;
  hoursFirst?: boolean;
}) {
  const address = text(trust.address);
  const phone = text(trust.phone);
  const email = text(trust.email);
  const hours = officeHours(trust);
  const hoursEntry = hours ? (
    <>
      <dt>{WORDS.footer.hours}</dt>
      <dd>{hours}</dd>
    </>
  ) : null;
  return (
    <dl className={className}>
      {hoursFirst ? hoursEntry : null}
      {address ? (
        <>
          <dt>{WORDS.footer.address}</dt>
          <dd className="pre-line">{address}</dd>
        </>
      ) : null}
      {phone ? (
        <>
          <dt>{WORDS.footer.phone}</dt>
          <dd>
            <a href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>{phone}</a>
          </dd>
        </>
      ) : null}
      {email ? (
        <>
          <dt>{WORDS.footer.email}</dt>
          <dd className="pf-wrap">
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </>
      ) : null}
      {hoursFirst ? null : hoursEntry}
    </dl>
  );
}

function Footer({ trust, name }: { trust: Trust; name: string }) {
  return (
    <footer className="site-footer">
      <div className="wrap">
        <p className="footer-name">{name}</p>
        <ContactList trust={trust} className="contact-list" />
      </div>
    </footer>
  );
}
