/**
 * The back-office's start (main.tsx loads it): react-admin's sign-in screens on their paths, the back-office
 * anywhere else (FirstScreen.tsx). Its own script, which the drawn login page (auth/DrawnLogin.tsx) does not need
 * until the person signs in.
 */
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { startTransition, StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { createAuthProvider, type AppAuthProvider } from './auth/auth-provider.ts';
import { backOffice, FirstScreen } from './FirstScreen.tsx';
import { i18nProvider, prepareLocale } from './i18n.ts';
import { isSignInPath } from './SignIn.tsx';

// The demo mode signs in with its own auth provider, in the back-office itself.
const signInProvider = import.meta.env.VITE_DEMO === '1' ? undefined : createAuthProvider();
const loadBackOffice = backOffice(signInProvider);
const authProvider: AppAuthProvider | undefined = signInProvider && {
  ...signInProvider,
  // The back-office's script comes while the server checks the password.
  login(params) {
    void loadBackOffice();
    return signInProvider.login(params);
  },
};

/**
 * Draws the app into `target`: the page's element (taking over a sign-in screen drawn in the HTML in the language
 * chosen, else drawing anew), or the root of the drawn login page once the person has signed in there (then the
 * back-office's home, once its script is here: the form stays until it can be replaced).
 */
export async function startBackOffice(target: HTMLElement | Root): Promise<void> {
  // The language this browser chose last, before the first screen (nothing to wait for in English; if its words
  // cannot be loaded, the screens speak English).
  await prepareLocale().catch(() => undefined);
  const app = (
    <StrictMode>
      {/* Real paths (/master/country), not react-admin's default hash router: the server answers deep links. */}
      <BrowserRouter>
        <FirstScreen authProvider={authProvider} loadBackOffice={loadBackOffice} />
      </BrowserRouter>
    </StrictMode>
  );
  // Transitions: React works in slices that leave the main thread free between them, instead of one long task (what
  // Lighthouse counts as blocking time on a slow phone).
  if (!(target instanceof HTMLElement)) {
    await loadBackOffice();
    // To the back-office's home, which sends each account where it may go.
    history.replaceState(null, '', '/');
    startTransition(() => target.render(app));
    return;
  }
  if (authProvider && target.dataset.prerendered === i18nProvider.getLocale() && isSignInPath(location.pathname)) {
    startTransition(() => {
      hydrateRoot(target, app);
    });
    return;
  }
  // Nothing drawn, or drawn in the other language (the server's guess from its cookie was wrong): drawn anew.
  const root = createRoot(target);
  startTransition(() => root.render(app));
}
