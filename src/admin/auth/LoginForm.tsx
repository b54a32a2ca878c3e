/**
 * The login form (the spec's: User Type, Email, Password, Save Password, Forgot Password, Log In), drawn with plain
 * elements and its own small stylesheet, without react-admin or MUI: the page a phone opens first carries only React
 * and this (docs/decisions.md, "The login page opened directly is the login form without react-admin or MUI"). One form
 * in two places:
 *
 * - DrawnLogin.tsx: `/login` opened directly, drawn into its HTML at build time and taken over by the page's script;
 *   signing in then loads the back-office;
 * - LoginPage.tsx: react-admin's login page, once the back-office is loaded (a session that ended, a sign-out, the
 *   demo), with react-admin's login, translator and language.
 *
 * What differs between them comes in as props; the form's state, checks and look are here.
 */
import { useId, useLayoutEffect, useState, type FormEvent, type MouseEvent } from 'react';
import { FONT_FAMILY, PRIMARY } from '../brand.ts';
import type { Locale } from '../i18n/locales.ts';
import type { LoginParams } from './login-request.ts';
import { getRememberedEmail, rememberEmail } from './remembered-email.ts';
import { typedBeforeTakeover, useScriptReady } from './use-script-ready.ts';
import { USER_TYPES, type UserType } from './user-types.ts';
import './LoginForm.css';

/** The form's words in one language (AUTH's, auth/messages.ts, and SHELL's, ../messages.ts). */
export interface LoginWords {
  appTitle: string;
  language: string;
  loginTitle: string;
  userType: string;
  userTypeNames: Readonly<Record<UserType, string>>;
  email: string;
  password: string;
  savePassword: string;
  forgotPasswordLink: string;
  logIn: string;
  emailRequired: string;
  passwordRequired: string;
  loginFailed: string;
}

export interface LoginFormProps {
  words: LoginWords;
  /** The other language, offered at the top of the card. */
  otherLanguage: { locale: Locale; name: string };
  onChooseLanguage: (locale: Locale) => void;
  /** Signs in; rejects with an Error whose message is the server's sentence. */
  signIn: (params: LoginParams) => Promise<void>;
  /** The server's sentence in the language chosen. */
  describeFailure: (message: string) => string;
  /** Goes to the Forgot Password screen without reloading the page (the link's own address otherwise). */
  onForgotPassword?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

interface FieldErrors {
  email?: string;
  password?: string;
}

export function LoginForm({
  words,
  otherLanguage,
  onChooseLanguage,
  signIn,
  describeFailure,
  onForgotPassword,
}: LoginFormProps) {
  // Each starts from what was typed into the drawn form before the script took it over (empty otherwise).
  const [userType, setUserType] = useState<UserType>(() => {
    const typed = typedBeforeTakeover('login-user-type');
    return USER_TYPES.find((type) => type === typed) ?? 'Admin';
  });
  const [email, setEmail] = useState(() => typedBeforeTakeover('login-email'));
  const [password, setPassword] = useState(() => typedBeforeTakeover('login-password'));
  const [save, setSave] = useState(() => typedBeforeTakeover('login-save') === 'on');
  const ready = useScriptReady();
  // The address this device remembers, once the form is on screen and before it is painted: the form is drawn at
  // build time too, where there is no device to remember anything, and both must draw the same.
  useLayoutEffect(() => {
    const remembered = getRememberedEmail();
    if (remembered === null) return;
    setEmail((typed) => typed || remembered);
    setSave(true);
  }, []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const ids = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fieldErrors: FieldErrors = {
      email: email.trim() === '' ? words.emailRequired : undefined,
      password: password === '' ? words.passwordRequired : undefined,
    };
    setErrors(fieldErrors);
    if (fieldErrors.email || fieldErrors.password) return;
    setFailure(undefined);
    setSubmitting(true);
    const params: LoginParams = { email: email.trim(), password, userType };
    try {
      await signIn(params);
      rememberEmail(save ? params.email : null);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : words.loginFailed);
      setSubmitting(false);
    }
  }

  return (
    <main className="signin" style={{ fontFamily: FONT_FAMILY, ['--signin-primary' as string]: PRIMARY }}>
      <div className="signin-card">
        <div className="signin-head">
          <button
            type="button"
            className="signin-language"
            lang={otherLanguage.locale}
            aria-label={`${words.language}: ${otherLanguage.name}`}
            onClick={() => onChooseLanguage(otherLanguage.locale)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="9" />
              <ellipse cx="12" cy="12" rx="4" ry="9" />
              <path d="M3 12h18" />
            </svg>
            {otherLanguage.name}
          </button>
          <p className="signin-overline">{words.appTitle}</p>
          <h1 className="signin-title">{words.loginTitle}</h1>
        </div>
        <form className="signin-form" noValidate onSubmit={handleSubmit}>
          {failure && (
            <div className="signin-alert" role="alert">
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <circle cx="12" cy="12" r="9" />
                <path d="M12 7v6m0 3v1.5" />
              </svg>
              <span>{describeFailure(failure)}</span>
            </div>
          )}
          <div className="signin-field signin-select">
            <label htmlFor="login-user-type">{words.userType}</label>
            <select
              id="login-user-type"
              value={userType}
              onChange={(event) => setUserType(event.target.value as UserType)}
            >
              {USER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {words.userTypeNames[type]}
                </option>
              ))}
            </select>
          </div>
          <Field
            id="login-email"
            errorId={`${ids}email`}
            label={words.email}
            type="email"
            autoComplete="username"
            value={email}
            onChange={setEmail}
            error={errors.email}
          />
          <Field
            id="login-password"
            errorId={`${ids}password`}
            label={words.password}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
          />
          <div className="signin-row">
            <label className="signin-check">
              <input
                id="login-save"
                type="checkbox"
                checked={save}
                onChange={(event) => setSave(event.target.checked)}
              />
              {words.savePassword}
            </label>
            <a href="/forget-password" onClick={onForgotPassword}>
              {words.forgotPasswordLink}
            </a>
          </div>
          <button type="submit" className="signin-submit" disabled={submitting || !ready}>
            {words.logIn}
          </button>
        </form>
      </div>
    </main>
  );
}

/** A required text field, its label inside its box (as the back-office's fields), its error under it. */
function Field(props: {
  id: string;
  errorId: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <div className="signin-field">
      <label htmlFor={props.id}>
        {props.label}
        <span aria-hidden="true"> *</span>
      </label>
      <input
        id={props.id}
        type={props.type}
        autoComplete={props.autoComplete}
        required
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? props.errorId : undefined}
      />
      {props.error && (
        <p className="signin-error" id={props.errorId}>
          {props.error}
        </p>
      )}
    </div>
  );
}
