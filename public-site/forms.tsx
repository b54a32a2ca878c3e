/**
 * What the contact and donate pages share: reading what a form post came back with (its query), the fields with
 * their labels, hints and errors, the summary at the top, and the hidden field for bots.
 *
 * Both forms post, with or without JavaScript, to the server's routes (/api/public/contact, /api/public/donations)
 * with `redirect` set to the page, which answer 303 back to it with `?sent=1`, `?donation=<reference>` or an error
 * code (`?error=invalid&fields=email,amount`, `rate_limited`, `no_upi`, `no_bank`, `failed`) and a `draft` key for
 * what the visitor typed. The page says each code in its own words and shows nothing else of the address: a link
 * cannot put a sentence on the trust's page.
 */
import type { ReactNode } from 'react';
import type { PageRequest } from './site.ts';
import { WORDS } from './words.ts';

export type FormErrorCode = keyof typeof WORDS.forms.errors;

const isErrorCode = (value: string | null): value is FormErrorCode =>
  value !== null && Object.hasOwn(WORDS.forms.errors, value);

/** What the page knows after a post: sent, or refused (a known code), the known fields at fault, what was typed. */
export interface FormState<Field extends string> {
  sent: boolean;
  error: FormErrorCode | undefined;
  /** The form's own fields the server found at fault, in the form's order. */
  faults: Field[];
  /** What the visitor typed, from the server's draft (given once), by field. */
  values: Partial<Record<Field, string>>;
  /** The page shows one visitor's draft: it must not be kept for others. */
  personal: boolean;
}

export async function formState<Field extends string>(
  { query, data }: Pick<PageRequest, 'query' | 'data'>,
  fields: readonly Field[],
): Promise<FormState<Field>> {
  const code = query.get('error');
  const error = isErrorCode(code) ? code : undefined;
  const named = new Set((query.get('fields') ?? '').split(','));
  const faults = error === 'invalid' ? fields.filter((field) => named.has(field)) : [];
  const key = query.get('draft');
  const draft = error && key && /^[A-Za-z0-9_-]{22}$/.test(key) ? await data.formDraft(key) : undefined;
  const values: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const value = draft?.[field];
    if (typeof value === 'string') values[field] = value;
  }
  return { sent: query.get('sent') === '1' && !error, error, faults, values, personal: key !== null };
}

/** The id of a form's field, which its label, its error and the summary's link name. */
export const fieldId = (form: string, field: string) => `${form}-${field}`;

/**
 * The box at the top of a form after a refused post: what went wrong in the page's own words, and a link to each
 * field at fault. It takes the focus when the page opens (autofocus), so a screen reader reads it first.
 */
export function ErrorSummary({
  form,
  error,
  faults,
}: {
  form: string;
  error: FormErrorCode;
  faults: { field: string; message: string }[];
}) {
  const title = `${form}-problem`;
  return (
    <div className="pf-summary" tabIndex={-1} autoFocus aria-labelledby={title}>
      <h2 id={title}>{WORDS.forms.problemTitle}</h2>
      <p>{WORDS.forms.errors[error]}</p>
      {faults.length > 0 ? (
        <ul>
          {faults.map(({ field, message }) => (
            <li key={field}>
              <a href={`#${fieldId(form, field)}`}>{message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A confirmation at the top of the page after a post that went through; it takes the focus too. */
export function Done({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="pf-done" tabIndex={-1} autoFocus role="status" aria-labelledby="pf-done-title">
      <h2 id="pf-done-title">{title}</h2>
      {children}
    </div>
  );
}

interface FieldProps {
  form: string;
  name: string;
  label: string;
  value: string | undefined;
  /** The sentence said next to the field when the server found it at fault. */
  error: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  maxLength: number;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  pattern?: string;
  /** A textarea of this many rows. */
  rows?: number;
  /** Shown in front of the box (₹). */
  prefix?: string;
  autoCapitalize?: string;
  spellCheck?: boolean;
}

/** A labelled box: optional ones say so, its hint and error are tied to it (aria-describedby, aria-invalid). */
export function Field(props: FieldProps) {
  const { form, name, label, value, error, hint, required = false, rows, prefix } = props;
  const id = fieldId(form, name);
  const described = [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  const common = {
    id,
    name,
    required,
    maxLength: props.maxLength,
    autoComplete: props.autoComplete,
    defaultValue: value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    spellCheck: props.spellCheck,
  } as const;
  return (
    <div className={error ? 'pf-field pf-field-error' : 'pf-field'}>
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="pf-optional"> ({WORDS.forms.optional})</span>}
      </label>
      {hint ? (
        <p className="pf-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="pf-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {rows ? (
        <textarea {...common} rows={rows} />
      ) : (
        <span className={prefix ? 'pf-input pf-prefixed' : 'pf-input'}>
          {prefix ? (
            <span className="pf-prefix" aria-hidden="true">
              {prefix}
            </span>
          ) : null}
          <input
            {...common}
            type={props.type ?? 'text'}
            inputMode={props.inputMode}
            pattern={props.pattern}
            autoCapitalize={props.autoCapitalize}
          />
        </span>
      )}
    </div>
  );
}

/**
 * The field a person never sees, reaches by keyboard or hears (off screen, out of the tab order, hidden from
 * assistive technology) and a bot fills in: the server keeps nothing of a post that fills it.
 */
export function Honeypot({ form }: { form: string }) {
  const id = fieldId(form, 'website');
  return (
    <div className="pf-hp" aria-hidden="true">
      <label htmlFor={id}>{WORDS.forms.honeypot}</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
