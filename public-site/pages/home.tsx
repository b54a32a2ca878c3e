/**
 * `/web`, the home page: the hero slider, who we are, the current notices, the leaders (when there are some), a
 * collage of the latest albums, and the ways on (about, news, donate). Every sentence of it is what staff wrote under
 * Website in the back-office (src/resources/website.ts); the page adds only its own headings and links.
 */
import { imageAtWidth } from '../../src/resources/media.ts';
import { SLIDE_LINK_PAGES, type PageTextSection } from '../../src/resources/website.ts';
import { Picture } from '../components.tsx';
import { hindiDate, isoDate, plainText } from '../format.ts';
import { siteName } from '../layout.tsx';
import type { PageRequest, PageResult, PublicPage, PublicRow, SiteData, Trust } from '../site.ts';
import { WORDS } from '../words.ts';
import { ownPicture } from './albums.tsx';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** More than any page shows: the queries ask for all of them in one page. */
const ALL = 50;
const NOTICES_SHOWN = 5;
const ALBUMS_SHOWN = 6;

/** The page texts of one section of the site, by position. */
export async function pageTexts(data: SiteData, section: PageTextSection): Promise<PublicRow[]> {
  const { items } = await data.page('page_texts', { page: 1, perPage: ALL });
  return items.filter((row) => row.section === section);
}

/** Page texts, each under its heading (stored rich text, cleaned by the server's allow-list when it was saved). */
export function TextBlocks({ blocks, idPrefix }: { blocks: PublicRow[]; idPrefix: string }) {
  return (
    <>
      {blocks.map((block) => (
        <section key={block.id} className="text-block" aria-labelledby={`${idPrefix}-${block.id}`}>
          <h2 id={`${idPrefix}-${block.id}`}>{text(block.title)}</h2>
          <div className="prose" dangerouslySetInnerHTML={{ __html: text(block.body) }} />
        </section>
      ))}
    </>
  );
}

/** The trust as schema.org sees it: a school, with the name, address and contacts of its settings. */
export function organisation(trust: Trust, origin: string): Record<string, unknown> {
  const name = siteName(trust);
  const english = text(trust.name_en);
  const address = text(trust.address);
  const phone = text(trust.phone);
  const email = text(trust.email);
  const logo = ownPicture(trust.logo);
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    name,
    ...(english && english !== name ? { alternateName: english } : {}),
    url: `${origin}/web`,
    ...(logo ? { logo: new URL(logo, origin).toString() } : {}),
    ...(address ? { address: { '@type': 'PostalAddress', streetAddress: address, addressCountry: 'IN' } } : {}),
    ...(phone ? { telephone: phone } : {}),
    ...(email ? { email } : {}),
  };
}

/** Where a slide leads: its own address, else the page of the site it names. */
function slideLink(slide: PublicRow): string | undefined {
  const url = text(slide.link_url);
  if (url) return url;
  const page = text(slide.link_page);
  return Object.hasOwn(SLIDE_LINK_PAGES, page) ? SLIDE_LINK_PAGES[page as keyof typeof SLIDE_LINK_PAGES] : undefined;
}

/** A button's picture, drawn in its text colour (the button's words are for screen readers). */
function Icon({ path, name }: { path: string; name?: string }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      <path d={path} />
    </svg>
  );
}

/**
 * The hero slider. Without JavaScript it is a row of slides that scrolls sideways (swipe, or the numbered links
 * under it), the first in view; the slider island stacks them in the same box and fades from one to the next every
 * 5 seconds, with previous, next and pause buttons. The box keeps its height either way: nothing moves when the island
 * starts.
 */
function Hero({ slides }: { slides: PublicRow[] }) {
  const words = WORDS.home.slider;
  const several = slides.length > 1;
  return (
    <section
      className="hero"
      aria-roledescription={words.roleDescription}
      aria-label={words.label}
      data-slider=""
      data-play={words.play}
      data-pause={words.pause}
    >
      <div className="hero-track" id="hero-track" data-slider-track="" tabIndex={several ? 0 : undefined}>
        {slides.map((slide, i) => {
          const href = slideLink(slide);
          const subtitle = text(slide.subtitle);
          const image = ownPicture(slide.image);
          return (
            <div
              key={slide.id}
              id={`slide-${i + 1}`}
              className={`hero-slide${i === 0 ? ' is-current' : ''}${image ? ' has-image' : ''}`}
              role="group"
              aria-roledescription={words.slideRoleDescription}
              aria-label={words.slideOf(i + 1, slides.length)}
              data-slide=""
            >
              {/* Only the first slide's picture is the page's largest paint: it comes first, the others when near. */}
              <Picture
                src={image}
                alt=""
                sizes="(min-width: 1088px) 1056px, 100vw"
                lazy={i > 0}
                className="hero-image"
              />
              <div className="hero-text">
                <h2>{text(slide.title)}</h2>
                {subtitle ? <p>{subtitle}</p> : null}
                {href ? (
                  <a className="cta" href={href}>
                    {text(slide.link_text) || words.more}
                  </a>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
      {several ? (
        <div className="hero-controls">
          <button type="button" className="hero-button" data-slider="previous" aria-controls="hero-track">
            <Icon path="M15 5l-7 7 7 7" />
            <span className="vh">{words.previous}</span>
          </button>
          <ol className="hero-dots">
            {slides.map((slide, i) => (
              <li key={slide.id}>
                <a
                  href={`#slide-${i + 1}`}
                  data-slider-dot=""
                  aria-label={`${words.slideOf(i + 1, slides.length)}: ${text(slide.title)}`}
                >
                  <span aria-hidden="true" />
                </a>
              </li>
            ))}
          </ol>
          <button type="button" className="hero-button" data-slider="next" aria-controls="hero-track">
            <Icon path="M9 5l7 7-7 7" />
            <span className="vh">{words.next}</span>
          </button>
          <button
            type="button"
            className="hero-button"
            data-slider="pause"
            data-state="playing"
            aria-controls="hero-track"
          >
            <Icon path="M8 5v14M16 5v14" name="pause" />
            <Icon path="M7 4.5v15l12-7.5z" name="play" />
            <span className="vh" data-slider-label="">
              {words.pause}
            </span>
          </button>
        </div>
      ) : null}
    </section>
  );
}

function Notices({ notices, timeZone }: { notices: PublicRow[]; timeZone: string }) {
  return (
    <section className="notices" aria-labelledby="notices-title">
      <h2 id="notices-title">{WORDS.home.notices}</h2>
      <ul>
        {notices.map((notice) => (
          <li key={notice.id}>
            <article aria-labelledby={`notice-${notice.id}`}>
              <h3 id={`notice-${notice.id}`}>{text(notice.title)}</h3>
              <p className="meta">
                <time dateTime={isoDate(notice.publish_date)}>{hindiDate(notice.publish_date, timeZone)}</time>
              </p>
              <div className="prose" dangerouslySetInnerHTML={{ __html: text(notice.content) }} />
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Leaders({ leaders }: { leaders: PublicRow[] }) {
  return (
    <section className="leaders" aria-labelledby="leaders-title">
      <h2 id="leaders-title">{WORDS.home.leaders}</h2>
      <ul className="leader-list">
        {leaders.map((leader) => {
          const message = text(leader.message);
          return (
            <li key={leader.id} className="leader">
              {ownPicture(leader.photo) ? (
                <Picture src={ownPicture(leader.photo)} alt="" sizes="128px" ratio={[1, 1]} />
              ) : (
                <span className="leader-initial" aria-hidden="true">
                  {Array.from(text(leader.name))[0]}
                </span>
              )}
              <h3>{text(leader.name)}</h3>
              <p className="leader-role">{text(leader.role)}</p>
              {message ? <blockquote className="pre-line">{message}</blockquote> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The collage's tiles: the first is larger on a wide screen (styles.css). */
const COLLAGE_SIZES = '(min-width: 900px) 340px, 50vw';

function Collage({ albums }: { albums: { album: PublicRow; picture: string }[] }) {
  return (
    <section className="collage-section" aria-labelledby="collage-title">
      <h2 id="collage-title">{WORDS.home.collage}</h2>
      <ul className={albums.length === 3 || albums.length === 6 ? 'collage is-featured' : 'collage'}>
        {albums.map(({ album, picture }) => (
          <li key={album.id}>
            <a href={`/web/images/${album.id}`}>
              <Picture src={picture} alt="" sizes={COLLAGE_SIZES} ratio={[4, 3]} />
              <span className="collage-title">{text(album.title)}</span>
            </a>
          </li>
        ))}
      </ul>
      <p>
        <a href="/web/images">{WORDS.home.allImages} →</a>
      </p>
    </section>
  );
}

export const homePage: PublicPage = {
  path: '/web',
  async render({ data, timeZone, origin }: PageRequest): Promise<PageResult> {
    const [slides, whoWeAre, leaders, albums, notices, trust] = await Promise.all([
      data.page('hero_slides', { page: 1, perPage: ALL }),
      pageTexts(data, 'Home: Who We Are'),
      data.page('leaders', { page: 1, perPage: ALL }),
      data.page('image_albums', { page: 1, perPage: ALBUMS_SHOWN }),
      data.page('notices', { page: 1, perPage: NOTICES_SHOWN }),
      data.trust(),
    ]);
    const name = siteName(trust);
    const tiles = albums.items.flatMap((album) => {
      const picture = ownPicture(album.thumbnail);
      return picture ? [{ album, picture }] : [];
    });
    const firstImage = slides.items.map((slide) => ownPicture(slide.image)).find((image) => image !== undefined);
    const shareImage = firstImage ?? tiles[0]?.picture;
    return {
      title: name,
      description: plainText(whoWeAre[0]?.body, 160) || WORDS.home.description,
      section: 'home',
      image: shareImage ? imageAtWidth(shareImage, 1280) : undefined,
      islands: slides.items.length > 1 ? ['slider'] : [],
      jsonLd: [organisation(trust, origin)],
      body: (
        <>
          <h1 className="vh">{name}</h1>
          {slides.items.length > 0 ? <Hero slides={slides.items} /> : null}
          <div className={notices.items.length > 0 ? 'home-intro has-notices' : 'home-intro'}>
            {whoWeAre.length > 0 ? (
              <div className="who-we-are">
                <TextBlocks blocks={whoWeAre} idPrefix="who" />
                <p>
                  <a href="/web/about-us">{WORDS.home.aboutMore} →</a>
                </p>
              </div>
            ) : null}
            {notices.items.length > 0 ? <Notices notices={notices.items} timeZone={timeZone} /> : null}
          </div>
          {leaders.items.length > 0 ? <Leaders leaders={leaders.items} /> : null}
          {tiles.length > 0 ? <Collage albums={tiles} /> : null}
          <section className="home-ways" aria-labelledby="ways-title">
            <h2 id="ways-title">{WORDS.home.ways}</h2>
            <ul>
              <li>
                <a href="/web/about-us">{WORDS.nav.about}</a>
              </li>
              <li>
                <a href="/web/news">{WORDS.home.latestNews}</a>
              </li>
              <li>
                <a className="cta" href="/web/donate-now">
                  {WORDS.nav.donate}
                </a>
              </li>
            </ul>
          </section>
        </>
      ),
    };
  },
};
