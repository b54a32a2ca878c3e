/**
 * `/web/about-us`: the about page's texts and the school's daily routine as a table, all of it what staff wrote
 * under Website in the back-office (src/resources/website.ts).
 */
import { plainText } from '../format.ts';
import type { PageRequest, PageResult, PublicPage } from '../site.ts';
import { WORDS } from '../words.ts';
import { organisation, pageTexts, TextBlocks } from './home.tsx';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** More entries than a day has. */
const ROUTINE_ENTRIES = 50;

export const aboutPage: PublicPage = {
  path: '/web/about-us',
  async render({ data, origin }: PageRequest): Promise<PageResult> {
    const [about, routineTexts, routine, trust] = await Promise.all([
      pageTexts(data, 'About Us'),
      pageTexts(data, 'About Us: Daily Routine'),
      data.page('daily_routine', { page: 1, perPage: ROUTINE_ENTRIES }),
      data.trust(),
    ]);
    const words = WORDS.about;
    const headingId = routineTexts[0] ? `routine-${routineTexts[0].id}` : 'routine-title';
    return {
      title: words.title,
      description: plainText(about[0]?.body, 160) || words.description,
      section: 'about',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'AboutPage',
          url: `${origin}/web/about-us`,
          about: organisation(trust, origin),
        },
      ],
      body: (
        <>
          <h1>{words.title}</h1>
          <div className="about">
            <TextBlocks blocks={about} idPrefix="about" />
            {routine.items.length > 0 || routineTexts.length > 0 ? (
              <section className="routine" aria-labelledby={headingId}>
                {routineTexts.length > 0 ? (
                  routineTexts.map((block) => (
                    <div key={block.id}>
                      <h2 id={`routine-${block.id}`}>{text(block.title)}</h2>
                      {/* Stored rich text, cleaned by the server's allow-list when it was saved. */}
                      <div className="prose" dangerouslySetInnerHTML={{ __html: text(block.body) }} />
                    </div>
                  ))
                ) : (
                  <h2 id={headingId}>{words.routine}</h2>
                )}
                {routine.items.length > 0 ? (
                  <div className="table-wrap">
                    <table className="routine-table">
                      <caption>{words.routineCaption}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{words.time}</th>
                          <th scope="col">{words.activity}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {routine.items.map((entry) => (
                          <tr key={entry.id}>
                            <th scope="row">{text(entry.time_of_day)}</th>
                            <td>{text(entry.activity)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : null}
              </section>
            ) : null}
            <p className="about-ways">
              <a href="/web/connect-us">{WORDS.nav.contact}</a>
              <a className="cta" href="/web/donate-now">
                {WORDS.nav.donate}
              </a>
            </p>
          </div>
        </>
      ),
    };
  },
};
