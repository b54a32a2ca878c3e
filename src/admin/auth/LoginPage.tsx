/**
 * The login screen inside the app (react-admin's `loginPage`, shown without the shell; and SignIn's `/login` where no
 * drawn page came, as in development): the login form (LoginForm.tsx) with react-admin's login, translator and
 * language. On success react-admin's useLogin goes back to the page that sent the user here, or to /.
 */
import { useLocaleState, useLogin, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { LOCALES } from '../i18n/locales.ts';
import { useWords } from '../i18n/words.ts';
import { AUTH } from './messages.ts';
import { SHELL } from '../messages.ts';
import { LoginForm } from './LoginForm.tsx';

export function LoginPage() {
  const auth = useWords(AUTH);
  const shell = useWords(SHELL);
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  const [locale, setLocale] = useLocaleState();
  const other = LOCALES.find((entry) => entry.locale !== locale) ?? LOCALES[0];
  return (
    <LoginForm
      words={{ ...auth, appTitle: shell.appTitle, language: shell.language }}
      otherLanguage={other}
      onChooseLanguage={setLocale}
      signIn={(params) => login(params)}
      describeFailure={(message) => translate(message, { _: message })}
      onForgotPassword={(event) => {
        event.preventDefault();
        navigate('/forget-password');
      }}
    />
  );
}
