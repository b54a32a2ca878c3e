/** `/web/events`: the events of today (in the trust's time zone) and later, soonest first, 5 a page. */
import { hasImage, listPage, Pager, Picture } from '../components.tsx';
import { hindiDateTime, isoDate } from '../format.ts';
import type { PageRequest, PageResult, PublicPage, PublicRow } from '../site.ts';
import { WORDS } from '../words.ts';

/** Public events a page (the spec's). */
export const EVENTS_PER_PAGE = 5;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function EventCard({ item, timeZone }: { item: PublicRow; timeZone: string }) {
  return (
    <article className={hasImage(item.image) ? 'card has-picture' : 'card'}>
      <Picture src={item.image} alt="" sizes="(min-width: 720px) 240px, 100vw" />
      <div className="card-body">
        <h2>{text(item.event_name)}</h2>
        <p className="meta">
          <time dateTime={isoDate(item.date_time)}>{hindiDateTime(item.date_time, timeZone)}</time>
        </p>
        <dl className="facts">
          <dt>{WORDS.events.venue}</dt>
          <dd>{text(item.venue)}</dd>
          <dt>{WORDS.events.organizer}</dt>
          <dd>{text(item.organizer)}</dd>
        </dl>
        <p className="pre-line">{text(item.description)}</p>
      </div>
    </article>
  );
}

export const eventList: PublicPage = {
  path: '/web/events',
  async render(request: PageRequest): Promise<PageResult> {
    const { timeZone, origin } = request;
    const { items, page, pages } = await listPage(request, 'events', EVENTS_PER_PAGE, { field: 'date_time' });
    return {
      title: page > 1 ? `${WORDS.events.title}: ${WORDS.pagination.pageOf(page, pages)}` : WORDS.events.title,
      description: WORDS.events.description,
      section: 'events',
      jsonLd: items.map((item) => ({
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: text(item.event_name),
        startDate: isoDate(item.date_time),
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: { '@type': 'Place', name: text(item.venue), address: text(item.venue) },
        organizer: { '@type': 'Organization', name: text(item.organizer) },
        description: text(item.description),
        ...(typeof item.image === 'string' && item.image !== ''
          ? { image: new URL(item.image, origin).toString() }
          : {}),
      })),
      body: (
        <>
          <h1>{WORDS.events.title}</h1>
          {items.length === 0 ? (
            <p className="empty">{WORDS.events.empty}</p>
          ) : (
            <div className="cards">
              {items.map((item) => (
                <EventCard key={item.id} item={item} timeZone={timeZone} />
              ))}
            </div>
          )}
          <Pager base="/web/events" page={page} pages={pages} />
        </>
      ),
    };
  },
};
