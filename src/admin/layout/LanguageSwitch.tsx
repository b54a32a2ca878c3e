/**
 * English or Hindi, from the header and the sign-in screens. The choice applies at once, is kept in this browser
 * (react-admin's store) and, for a signed-in person, on their account, so that it follows them to another device
 * (PUT /api/v2/session/preferences; the session brings it back at sign-in: LocaleFromSession).
 */
import TranslateIcon from '@mui/icons-material/Translate';
import { Button } from '@mui/material';
import { useEffect } from 'react';
import { useLocaleState, useNotify, usePermissions } from 'react-admin';
import { browserFetch, requestJson } from '../auth/api-fetch.ts';
import type { Session } from '../auth/access.ts';
import { isLocale, LOCALES, type Locale } from '../i18n/locales.ts';
import { useWords } from '../i18n/words.ts';
import { SHELL } from '../messages.ts';

export function LanguageSwitch({ color = 'primary' }: { color?: 'inherit' | 'primary' }) {
  const [locale, setLocale] = useLocaleState();
  const shell = useWords(SHELL);
  const notify = useNotify();
  const { permissions } = usePermissions<Session | undefined>();
  const other = LOCALES.find((entry) => entry.locale !== locale) ?? LOCALES[0];

  const choose = async (next: Locale) => {
    setLocale(next);
    if (!permissions) return; // not signed in: this browser, and the account once signed in (LocaleFromSession)
    if (!(await saveLocale(next))) notify(shell.languageFailed, { type: 'warning' });
  };

  return (
    <Button
      color={color}
      size="small"
      startIcon={<TranslateIcon aria-hidden />}
      onClick={() => void choose(other.locale)}
      lang={other.locale}
      aria-label={`${shell.language}: ${other.name}`}
      sx={{ textTransform: 'none', minWidth: 0, whiteSpace: 'nowrap' }}
    >
      {other.name}
    </Button>
  );
}

/** Keeps the language on the signed-in account; false when the server did not take it. */
async function saveLocale(locale: Locale): Promise<boolean> {
  try {
    const answer = await requestJson(browserFetch, '/api/v2/session/preferences', { method: 'PUT', body: { locale } });
    return answer.ok;
  } catch {
    return false;
  }
}

/**
 * The session the account's language was last applied for. Outside the component: react-admin mounts the whole app
 * again when the language changes, and a ref would forget, so the session's old language would undo the new choice.
 */
let appliedFor: number | undefined;

/**
 * Once signed in: the language kept on the account wins over this browser's (another device may have chosen);
 * an account that has none takes the one chosen here (on the sign-in screen, say), so that it follows the person.
 * Once per account and page: later choices are this person's, made here.
 */
export function LocaleFromSession() {
  const [locale, setLocale] = useLocaleState();
  const { permissions } = usePermissions<Session | undefined>();
  useEffect(() => {
    if (!permissions) return;
    if (appliedFor === permissions.id) return;
    appliedFor = permissions.id;
    if (permissions.locale) {
      if (permissions.locale !== locale) setLocale(permissions.locale);
    } else if (isLocale(locale) && locale !== 'en') {
      void saveLocale(locale);
    }
  }, [permissions, locale, setLocale]);
  return null;
}
