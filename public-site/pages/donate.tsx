/**
 * `/web/donate-now`: the donate form, and after it the donation's own page (`?donation=<reference>`) with how to pay
 * it: the UPI link and its QR code, or the trust's bank account and the reference to write in the transfer.
 *
 * The form posts to /api/public/donations, with or without JavaScript. Only the ways the trust can take are offered
 * (a UPI ID, a bank account in its settings); with both, the donate island shows the chosen way's explanation and
 * names the button for it (pay, or send a request); without JavaScript both explanations show and the button says
 * what is true of both (proceed).
 */
import { donations } from '../../src/resources/donations.ts';
import type { IntegerField } from '../../src/resources/define.ts';
import { Done, ErrorSummary, Field, fieldId, formState, Honeypot } from '../forms.tsx';
import { formatRupees } from '../format.ts';
import type { PageRequest, PageResult, PublicPage, Trust, WebsiteDonation } from '../site.ts';
import { WORDS } from '../words.ts';

const PATH = '/web/donate-now';
const FORM = 'donate';
const FIELDS = ['name', 'email', 'amount', 'payment_method', 'message', 'pan'] as const;
type DonateField = (typeof FIELDS)[number];
type Method = 'online' | 'bank';

/** The amounts a donation may have: the declaration's, which the server checks. */
const AMOUNT = donations.fields.amount as IntegerField;
const MIN_AMOUNT = AMOUNT.min ?? 1;
const MAX_AMOUNT = AMOUNT.max ?? 100_000_000;

/** A donation reference as the server makes them: `DN` and ten base-32 characters. */
const REFERENCE = /^DN[0-9A-HJKMNP-TV-Z]{10}$/;

const words = WORDS.donatePage;
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

interface BankAccount {
  account_name: string;
  account_number: string;
  ifsc: string;
  bank_name?: string | undefined;
  branch?: string | undefined;
}

/** The trust's bank account, when enough of it is entered to take a transfer (as the server decides). */
function bankOf(trust: Trust): BankAccount | undefined {
  const account = {
    account_name: text(trust.bank_account_name),
    account_number: text(trust.bank_account_number),
    ifsc: text(trust.bank_ifsc),
    bank_name: text(trust.bank_name),
    branch: text(trust.bank_branch),
  };
  const { account_name, account_number, ifsc } = account;
  return account_name && account_number && ifsc ? { ...account, account_name, account_number, ifsc } : undefined;
}

function BankDetails({ bank, remarks }: { bank: BankAccount; remarks?: string }) {
  const rows: [string, string | undefined][] = [
    [words.accountName, bank.account_name],
    [words.accountNumber, bank.account_number],
    [words.ifsc, bank.ifsc],
    [words.bankName, bank.bank_name],
    [words.branch, bank.branch],
    [words.remarks, remarks],
  ];
  return (
    <dl className="pf-bank">
      {rows
        .filter(([, value]) => value !== undefined)
        .map(([label, value]) => (
          <div key={label} className="pf-bank-row">
            <dt>{label}</dt>
            <dd className={label === words.remarks ? 'pf-reference' : undefined}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The donation's page: what was asked, and while it is Pending, how to pay it. */
function donationPage(donation: WebsiteDonation | undefined): PageResult {
  const common = { description: words.description, section: 'donate', private: true } as const;
  const another = (
    <p className="back">
      <a href={PATH}>{words.another}</a>
    </p>
  );
  if (!donation) {
    return {
      ...common,
      status: 404,
      title: words.notFoundTitle,
      body: (
        <>
          <h1>{words.notFoundTitle}</h1>
          <p>{words.notFound}</p>
          {another}
        </>
      ),
    };
  }
  const amount = formatRupees(donation.amount);
  const facts = (
    <dl className="facts pf-facts">
      <dt>{words.reference}</dt>
      <dd className="pf-reference">{donation.reference}</dd>
      <dt>{words.amountLabel}</dt>
      <dd>{amount}</dd>
    </dl>
  );
  if (donation.status !== 'Pending') {
    const said = donation.status === 'Received' ? words.received : words.cancelled;
    return {
      ...common,
      title: said,
      body: (
        <>
          <h1>{words.title}</h1>
          <Done title={said}>{facts}</Done>
          {another}
        </>
      ),
    };
  }
  const { upi, bank } = donation;
  return {
    ...common,
    title: words.thanksTitle,
    body: (
      <>
        <h1>{words.title}</h1>
        <Done title={words.thanksTitle}>
          {facts}
          <p>{words.keepReference}</p>
        </Done>
        {upi ? (
          <section className="pf-pay" aria-labelledby="pay-title">
            <h2 id="pay-title">{words.payOnlineTitle}</h2>
            <p>{words.payOnline}</p>
            <p>
              <a className="pf-button pf-upi" href={upi.link}>
                {words.upiButton}: {amount}
              </a>
            </p>
            <img
              className="pf-qr"
              src={`data:image/svg+xml,${encodeURIComponent(upi.qr_svg)}`}
              alt={words.qrAlt(amount, donation.reference)}
              width={240}
              height={240}
            />
          </section>
        ) : null}
        {bank ? (
          <section className="pf-pay" aria-labelledby="pay-title">
            <h2 id="pay-title">{words.payBankTitle}</h2>
            <p>
              {words.payBank} <strong className="pf-reference">{bank.remarks}</strong>
            </p>
            <BankDetails bank={bank} remarks={bank.remarks} />
          </section>
        ) : null}
        <p>{words.afterPay}</p>
        {another}
      </>
    ),
  };
}

function MethodChoice({
  methods,
  chosen,
  error,
  bank,
}: {
  methods: Method[];
  chosen: Method;
  error: string | undefined;
  bank: BankAccount | undefined;
}) {
  const id = fieldId(FORM, 'payment_method');
  return (
    <fieldset
      className={error ? 'pf-choice pf-field-error' : 'pf-choice'}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{words.method}</legend>
      {error ? (
        <p className="pf-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {methods.map((method, i) => (
        <div className="pf-radio" key={method}>
          <input
            type="radio"
            id={i === 0 ? id : `${id}-${method}`}
            name="payment_method"
            value={method}
            defaultChecked={method === chosen}
            required
          />
          <label htmlFor={i === 0 ? id : `${id}-${method}`}>{method === 'online' ? words.online : words.bank}</label>
        </div>
      ))}
      {methods.includes('online') ? null : <p className="pf-hint">{words.noOnline}</p>}
      {methods.includes('bank') ? null : <p className="pf-hint">{words.noBank}</p>}
      {methods.includes('online') ? (
        <div className="pf-method" data-method="online">
          <p>{words.onlineExplain}</p>
        </div>
      ) : null}
      {bank && methods.includes('bank') ? (
        <div className="pf-method" data-method="bank">
          <p>{words.bankExplain}</p>
          <BankDetails bank={bank} />
        </div>
      ) : null}
    </fieldset>
  );
}

export const donatePage: PublicPage = {
  path: PATH,
  async render(request: PageRequest): Promise<PageResult> {
    const { query, data } = request;
    const reference = query.get('donation');
    if (reference !== null) {
      return donationPage(REFERENCE.test(reference) ? await data.donation(reference) : undefined);
    }
    const [state, trust] = await Promise.all([formState<DonateField>(request, FIELDS), data.trust()]);
    const bank = bankOf(trust);
    const methods: Method[] = [...(text(trust.upi_id) ? ['online' as const] : []), ...(bank ? ['bank' as const] : [])];
    const base = { description: words.description, section: 'donate', private: state.personal } as const;
    if (methods.length === 0) {
      return {
        ...base,
        title: words.title,
        body: (
          <>
            <h1>{words.title}</h1>
            <p className="pf-notice">{words.none}</p>
            <p>
              <a href="/web/connect-us">{words.contact}</a>
            </p>
          </>
        ),
      };
    }
    const asked = state.values.payment_method;
    const chosen: Method = asked === 'online' || asked === 'bank' ? asked : methods[0]!;
    const min = formatRupees(MIN_AMOUNT);
    const fieldErrors: Record<DonateField, string> = {
      ...words.fieldErrors,
      amount: words.fieldErrors.amount(min, formatRupees(MAX_AMOUNT)),
    };
    const errorOf = (field: DonateField) => (state.faults.includes(field) ? fieldErrors[field] : undefined);
    const field = (name: DonateField) => ({ form: FORM, name, value: state.values[name], error: errorOf(name) });
    const both = methods.length === 2;
    const button = both ? words.proceed : methods[0] === 'online' ? words.pay : words.request;
    return {
      ...base,
      title: state.error ? `${WORDS.forms.problemTitle}: ${words.title}` : words.title,
      islands: both ? ['donate'] : [],
      body: (
        <>
          <h1>{words.title}</h1>
          {state.error ? (
            <ErrorSummary
              form={FORM}
              error={state.error}
              faults={state.faults.map((name) => ({ field: name, message: fieldErrors[name] }))}
            />
          ) : null}
          <p>{words.intro}</p>
          <form className="pf-form pf-donate" method="post" action="/api/public/donations" data-donate="">
            <input type="hidden" name="redirect" value={PATH} />
            <Field {...field('name')} label={words.name} required maxLength={200} autoComplete="name" />
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
              {...field('amount')}
              label={words.amount}
              hint={words.amountHint(min)}
              required
              maxLength={9}
              inputMode="numeric"
              pattern="[1-9][0-9]{0,8}"
              autoComplete="transaction-amount"
              prefix="₹"
            />
            <MethodChoice methods={methods} chosen={chosen} error={errorOf('payment_method')} bank={bank} />
            <Field {...field('message')} label={words.message} maxLength={2000} rows={3} autoComplete="off" />
            <Field
              {...field('pan')}
              label={words.pan}
              hint={words.panHint}
              maxLength={10}
              pattern="[A-Za-z]{5}[0-9]{4}[A-Za-z]"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
            <Honeypot form={FORM} />
            <button
              className="pf-button"
              type="submit"
              data-label-online={both ? words.pay : undefined}
              data-label-bank={both ? words.request : undefined}
            >
              {button}
            </button>
          </form>
        </>
      ),
    };
  },
};
