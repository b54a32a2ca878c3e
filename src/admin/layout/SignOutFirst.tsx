/**
 * The sidebar's Login (and the page search's) while signed in: it signs the person out before the sign-in form opens
 * (the form never shows beside a live session), so it asks first, in a dialog: Logout, or Cancel to stay signed in.
 * One dialog for the whole shell, held above the sidebar: on a phone the sidebar closes once a link is chosen, and a
 * dialog inside it would close with it.
 */
import LogoutIcon from '@mui/icons-material/Logout';
import { createContext, use, useCallback, useState, type ReactNode } from 'react';
import { Confirm, useLogout } from 'react-admin';
import { useWords } from '../i18n/words.ts';
import { HEADER } from './messages.ts';

/** Asks whether to sign out, then opens `to` signed out. */
type AskToSignOut = (to: string) => void;

const SignOutFirstContext = createContext<AskToSignOut | null>(null);

export function SignOutFirstProvider({ children }: { children: ReactNode }) {
  const [to, setTo] = useState<string>();
  const logout = useLogout();
  const header = useWords(HEADER);
  const ask = useCallback<AskToSignOut>((path) => setTo(path), []);
  return (
    <SignOutFirstContext value={ask}>
      {children}
      <Confirm
        isOpen={to !== undefined}
        title={header.signOutFirstTitle}
        content={header.signOutFirstText}
        titleTranslateOptions={{ _: header.signOutFirstTitle }}
        contentTranslateOptions={{ _: header.signOutFirstText }}
        confirm={header.logout}
        confirmColor="primary"
        ConfirmIcon={LogoutIcon}
        onConfirm={() => {
          const path = to;
          setTo(undefined);
          // After signing in again, to the dashboard rather than back to the page this was chosen on.
          if (path !== undefined) void logout(undefined, path, false);
        }}
        onClose={() => setTo(undefined)}
      />
    </SignOutFirstContext>
  );
}

/** Without the provider, asking fails loudly rather than signing out unasked (rendering alone still works). */
const NO_PROVIDER: AskToSignOut = () => {
  throw new Error('Asking to sign out needs SignOutFirstProvider above (Layout holds it).');
};

/** Asks to sign out before opening a page: the shell's dialog (Layout holds SignOutFirstProvider). */
export function useAskToSignOut(): AskToSignOut {
  return use(SignOutFirstContext) ?? NO_PROVIDER;
}
