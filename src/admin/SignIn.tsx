/**
 * The screens a signed-out person meets (/login, /forget-password, /reset-password, /confirm-email), on their own, without the
 * back-office: react-admin's context (auth provider, i18n, theme) and the three screens, nothing else. `/login`
 * opened directly is the drawn login page instead (auth/DrawnLogin.tsx, without react-admin); these come after a
 * link from it, or where no drawn page was sent (development). The back-office (App.tsx: the shell, the dashboard,
 * every area's screens) is a script of its own, loaded once the person leaves these screens, which is what a sign-in
 * does; it starts loading as the form is sent, so it arrives while the server checks the password. See
 * docs/performance.md, "The admin's first load".
 */
import { CssBaseline } from '@mui/material';
import { AdminContext, localStorageStore } from 'react-admin';
import { useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { AppAuthProvider } from './auth/auth-provider.ts';
import { ConfirmEmailPage } from './auth/ConfirmEmailPage.tsx';
import { ForgetPasswordPage } from './auth/ForgetPasswordPage.tsx';
import { LoginPage } from './auth/LoginPage.tsx';
import { ResetPasswordPage } from './auth/ResetPasswordPage.tsx';
import { i18nProvider } from './i18n.ts';
import { theme } from './theme.ts';

/** The paths SignIn answers; App.tsx answers them too, once the back-office is loaded. */
export const SIGN_IN_PATHS: ReadonlySet<string> = new Set([
  '/login',
  '/forget-password',
  '/reset-password',
  '/confirm-email',
]);

export function isSignInPath(pathname: string): boolean {
  return SIGN_IN_PATHS.has(pathname.replace(/(?<!\/)\/+$/, '') || '/');
}

/** The browser's own store, as <Admin>'s: the language chosen on the sign-in screens is still chosen after. */
const STORE = localStorageStore();

export function SignIn({ authProvider }: { authProvider: AppAuthProvider }) {
  // react-admin draws nothing until its store names the language the i18nProvider speaks (a first empty render, then
  // the form): named before the first render, which is then the form, here as in the drawn page (prerender.tsx).
  useState(() => {
    const locale = i18nProvider.getLocale();
    if (STORE.getItem('locale') !== locale) STORE.setItem('locale', locale);
    return locale;
  });
  return (
    <AdminContext authProvider={authProvider} i18nProvider={i18nProvider} theme={theme} store={STORE}>
      <CssBaseline enableColorScheme>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/forget-password" element={<ForgetPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        </Routes>
      </CssBaseline>
    </AdminContext>
  );
}
