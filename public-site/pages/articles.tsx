/**
 * Pages of articles staff publish with a title, a rich-text body, an author, a publish date and an image: a list
 * (newest first, 5 a page) and one article, with a Hindi 404 and a back link. News (`/web/news`) and the blog
 * (`/web/blog`) are two of them.
 */
import { BackLink, hasImage, listPage, Pager, Picture } from '../components.tsx';
import { hindiDate, isoDate, plainText } from '../format.ts';
import { byline } from '../layout.tsx';
import type { PageRequest, PageResult, PublicPage, PublicRow } from '../site.ts';
import { WORDS } from '../words.ts';

/** Articles a page: the spec's page size for public news and blogs. */
export const ARTICLES_PER_PAGE = 5;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export interface ArticleWords {
  title: string;
  description: string;
  empty: string;
  notFound: string;
  all: string;
}

export interface ArticleKind {
  /** The declared resource (`news`, `blog_posts`). */
  resource: string;
  /** `/web/news`. */
  base: string;
  /** The navigation entry. */
  section: 'news' | 'blog';
  /** schema.org type of one article. */
  schemaType: 'NewsArticle' | 'BlogPosting';
  words: ArticleWords;
}

/** The id of `/…/:id`, when it is one a record may have. */
export function idParam(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^[1-9][0-9]{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : undefined;
}

function ArticleCard({ item, kind, timeZone }: { item: PublicRow; kind: ArticleKind; timeZone: string }) {
  const href = `${kind.base}/${item.id}`;
  return (
    <article className={hasImage(item.image) ? 'card has-picture' : 'card'}>
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

export function articleList(kind: ArticleKind): PublicPage {
  return {
    path: kind.base,
    async render(request: PageRequest): Promise<PageResult> {
      const { timeZone } = request;
      const { items, page, pages } = await listPage(request, kind.resource, ARTICLES_PER_PAGE);
      return {
        title: page > 1 ? `${kind.words.title}: ${WORDS.pagination.pageOf(page, pages)}` : kind.words.title,
        description: kind.words.description,
        section: kind.section,
        body: (
          <>
            <h1>{kind.words.title}</h1>
            {items.length === 0 ? (
              <p className="empty">{kind.words.empty}</p>
            ) : (
              <div className="cards">
                {items.map((item) => (
                  <ArticleCard key={item.id} item={item} kind={kind} timeZone={timeZone} />
                ))}
              </div>
            )}
            <Pager base={kind.base} page={page} pages={pages} />
          </>
        ),
      };
    },
  };
}

export function articleItem(kind: ArticleKind): PublicPage {
  return {
    path: `${kind.base}/:id`,
    async render({ params, data, timeZone, origin }: PageRequest): Promise<PageResult> {
      const id = idParam(params.id);
      const [item, trust] = await Promise.all([
        id === undefined ? undefined : data.one(kind.resource, id),
        data.trust(),
      ]);
      if (!item) {
        return {
          status: 404,
          title: kind.words.notFound,
          description: kind.words.notFound,
          section: kind.section,
          body: (
            <>
              <h1>{kind.words.notFound}</h1>
              <BackLink href={kind.base} label={kind.words.all} />
            </>
          ),
        };
      }
      const title = text(item.title);
      // The account's name when it is in Hindi, else the trust's (layout.tsx).
      const author = byline(item.author, trust);
      const image = typeof item.image === 'string' && item.image !== '' ? item.image : undefined;
      return {
        title,
        description: plainText(item.content, 160) || title,
        section: kind.section,
        type: 'article',
        image,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': kind.schemaType,
            headline: title,
            datePublished: isoDate(item.publish_date),
            ...(author ? { author: { '@type': author.trust ? 'Organization' : 'Person', name: author.name } } : {}),
            ...(image ? { image: new URL(image, origin).toString() } : {}),
            mainEntityOfPage: `${origin}${kind.base}/${item.id}`,
          },
        ],
        body: (
          <article className="article">
            <BackLink href={kind.base} label={kind.words.all} />
            <h1>{title}</h1>
            <p className="meta">
              <time dateTime={isoDate(item.publish_date)}>{hindiDate(item.publish_date, timeZone)}</time>
              {author ? ` · ${WORDS.by}: ${author.name}` : null}
            </p>
            <Picture src={image} alt="" sizes="(min-width: 860px) 800px, 100vw" lazy={false} />
            {/* Stored rich text, cleaned by the server's allow-list when it was saved (services/rich-text.ts). */}
            <div className="prose" dangerouslySetInnerHTML={{ __html: text(item.content) }} />
          </article>
        ),
      };
    },
  };
}

export const NEWS: ArticleKind = {
  resource: 'news',
  base: '/web/news',
  section: 'news',
  schemaType: 'NewsArticle',
  words: WORDS.news,
};

export const BLOG: ArticleKind = {
  resource: 'blog_posts',
  base: '/web/blog',
  section: 'blog',
  schemaType: 'BlogPosting',
  words: WORDS.blog,
};
