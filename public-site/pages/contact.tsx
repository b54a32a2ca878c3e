/**
 * `/web/connect-us`: the contact form (it posts to /api/public/contact, with or without JavaScript, and comes back
 * here saying what happened), with the trust's office hours, address, phone and email from its settings.
 */
import { Done, ErrorSummary, Field, formState, Honeypot } from '../forms.tsx';
import type { PageRequest, PageResult, PublicPage, Trust } from '../site.ts';
import { ContactList } from '../layout.tsx';
import { WORDS } from '../words.ts';

const PATH = '/web/connect-us';
const FORM = 'contact';
const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;
type ContactField = (typeof FIELDS)[number];

/** The declaration's phone rule (src/resources/patterns.ts) as an HTML pattern (`-` escaped for the `v` flag). */
const PHONE_PATTERN = '\\+?[0-9][0-9 \\-]{6,18}[0-9]';

function Details({ trust }: { trust: Trust }) {
  return (
    <aside className="pf-aside" aria-labelledby="contact-details">
      <h2 id="contact-details">{WORDS.contactPage.detailsTitle}</h2>
      <ContactList trust={trust} className="facts" hoursFirst />
    </aside>
  );
}

export const contactPage: PublicPage = {
  path: PATH,
  async render(request: PageRequest): Promise<PageResult> {
    const [state, trust] = await Promise.all([formState<ContactField>(request, FIELDS), request.data.trust()]);
    const words = WORDS.contactPage;
    const errorOf = (field: ContactField) => (state.faults.includes(field) ? words.fieldErrors[field] : undefined);
    const field = (name: ContactField) => ({ form: FORM, name, value: state.values[name], error: errorOf(name) });
    return {
      title: state.error ? `${WORDS.forms.problemTitle}: ${words.title}` : state.sent ? words.sentTitle : words.title,
      description: words.description,
      section: 'contact',
      private: state.personal,
      body: (
        <>
          <h1>{words.title}</h1>
          {state.sent ? (
            <Done title={words.sentTitle}>
              <p>{words.sent}</p>
            </Done>
          ) : null}
          {state.error ? (
            <ErrorSummary
              form={FORM}
              error={state.error}
              faults={state.faults.map((name) => ({ field: name, message: words.fieldErrors[name] }))}
            />
          ) : null}
          <div className="pf-grid">
            <section className="pf-main" aria-labelledby="contact-form-title">
              <h2 id="contact-form-title">{words.formTitle}</h2>
              <p>{words.intro}</p>
              <form className="pf-form" method="post" action="/api/public/contact">
                <input type="hidden" name="redirect" value={PATH} />
                <Field {...field('name')} label={words.name} required maxLength={100} autoComplete="name" />
                <Field
                  {...field('email')}
                  label={words.email}
                  required
                  maxLength={200}
                  type="email"
                  autoComplete="email"
                  spellCheck={false}
                />
                <Field
                  {...field('phone')}
                  label={words.phone}
                  hint={words.phoneHint}
                  maxLength={20}
                  type="tel"
                  autoComplete="tel"
                  pattern={PHONE_PATTERN}
                />
                <Field {...field('subject')} label={words.subject} maxLength={200} autoComplete="off" />
                <Field
                  {...field('message')}
                  label={words.message}
                  required
                  maxLength={5000}
                  rows={6}
                  autoComplete="off"
                />
                <Honeypot form={FORM} />
                <button className="pf-button" type="submit">
                  {words.send}
                </button>
              </form>
            </section>
            <Details trust={trust} />
          </div>
        </>
      ),
    };
  },
};
