/** `/web/news` (5 a page, newest first) and `/web/news/{id}`: what staff published in Media → News. */
import { BackLink, Pager, pageNumber, Picture } from '../components.tsx';
import { hindiDate, isoDate, plainText } from '../format.ts';
import type { PageRequest, PageResult, PublicPage, PublicRow } from '../site.ts';
import { WORDS } from '../words.ts';

/** Public news a page (the spec's). */
export const NEWS_PER_PAGE = 5;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function NewsCard({ item, timeZone }: { item: PublicRow; timeZone: string }) {
  const href = `/web/news/${item.id}`;
  return (
    <article className="card">
      <Picture src={item.image} alt="" sizes="(min-width: 720px) 240px, 100vw" />
      <div className="card-body">
        <h2>
          <a href={href}>{text(item.title)}</a>
        </h2>
        <p className="meta">
          <time dateTime={isoDate(item.publish_date)}>{hindiDate(item.publish_date, timeZone)}</time>
        </p>
        <p>{plainText(item.content, 220)}</p>
        <p>
          <a href={href} aria-label={`${WORDS.readMore}: ${text(item.title)}`}>
            {WORDS.readMore} →
          </a>
        </p>
      </div>
    </article>
  );
}

export const newsList: PublicPage = {
  path: '/web/news',
  async render({ query, data, timeZone }: PageRequest): Promise<PageResult> {
    const asked = pageNumber(query);
    let { items, total } = await data.page('news', { page: asked, perPage: NEWS_PER_PAGE });
    const pages = Math.max(1, Math.ceil(total / NEWS_PER_PAGE));
    let page = asked;
    if (asked > pages) {
      page = pages;
      ({ items, total } = await data.page('news', { page, perPage: NEWS_PER_PAGE }));
    }
    return {
      title: page > 1 ? `${WORDS.news.title}: ${WORDS.pagination.pageOf(page, pages)}` : WORDS.news.title,
      description: WORDS.news.description,
      section: 'news',
      body: (
        <>
          <h1>{WORDS.news.title}</h1>
          {items.length === 0 ? (
            <p className="empty">{WORDS.news.empty}</p>
          ) : (
            <div className="cards">
              {items.map((item) => (
                <NewsCard key={item.id} item={item} timeZone={timeZone} />
              ))}
            </div>
          )}
          <Pager base="/web/news" page={page} pages={pages} />
        </>
      ),
    };
  },
};

export const newsItem: PublicPage = {
  path: '/web/news/:id',
  async render({ params, data, timeZone, origin }: PageRequest): Promise<PageResult> {
    const id = /^[1-9][0-9]{0,9}$/.test(params.id ?? '') ? Number(params.id) : undefined;
    const item = id !== undefined && id <= 2_147_483_647 ? await data.one('news', id) : undefined;
    if (!item) {
      return {
        status: 404,
        title: WORDS.news.notFound,
        description: WORDS.news.notFound,
        section: 'news',
        body: (
          <>
            <h1>{WORDS.news.notFound}</h1>
            <BackLink href="/web/news" label={WORDS.news.all} />
          </>
        ),
      };
    }
    const title = text(item.title);
    const author = text(item.author);
    return {
      title,
      description: plainText(item.content, 160) || title,
      section: 'news',
      type: 'article',
      image: typeof item.image === 'string' ? item.image : undefined,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: title,
          datePublished: isoDate(item.publish_date),
          ...(author ? { author: { '@type': 'Person', name: author } } : {}),
          ...(typeof item.image === 'string' ? { image: new URL(item.image, origin).toString() } : {}),
          mainEntityOfPage: `${origin}/web/news/${item.id}`,
        },
      ],
      body: (
        <article className="article">
          <BackLink href="/web/news" label={WORDS.news.all} />
          <h1>{title}</h1>
          <p className="meta">
            <time dateTime={isoDate(item.publish_date)}>{hindiDate(item.publish_date, timeZone)}</time>
            {author ? ` · ${WORDS.news.by}: ${author}` : null}
          </p>
          <Picture src={item.image} alt="" sizes="(min-width: 860px) 800px, 100vw" lazy={false} />
          {/* Stored rich text, cleaned by the server's allow-list when it was saved (services/rich-text.ts). */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: text(item.content) }} />
        </article>
      ),
    };
  },
};
