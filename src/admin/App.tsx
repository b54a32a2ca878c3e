/**
 * The react-admin app: the shell (layout, login and password screens, dashboard), the generated resource screens
 * and the coming-soon pages of the areas not built yet. Every route but the sign-in screens needs a session,
 * and every screen the permission to view it (the auth provider's canAccess; /access-denied says why not).
 */
import { AccountPage } from './account/AccountPage.tsx';
import { AdminContext, AdminUI, CustomRoutes, localStorageStore, type DataProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { auditRoutes } from './audit/routes.tsx';
import { createAuthProvider, type AppAuthProvider } from './auth/auth-provider.ts';
import { ForgetPasswordPage } from './auth/ForgetPasswordPage.tsx';
import { LoginPage } from './auth/LoginPage.tsx';
import { RequireAccess } from './auth/RequireAccess.tsx';
import { ResetPasswordPage } from './auth/ResetPasswordPage.tsx';
import { ConfirmEmailPage } from './auth/ConfirmEmailPage.tsx';
import { DashboardSourceContext } from './dashboard/dashboard-source.ts';
import { fetchDashboard, type DashboardLoader } from './dashboard/summary.ts';
import { generatedResources } from './generator/routes.tsx';

export { backOfficeWordsReady } from './generator/messages.ts';
import { appRoutes } from './screens.ts';
import { theme } from './theme.ts';
import { i18nProvider } from './i18n.ts';
import { Layout } from './layout/Layout.tsx';
import { ProgressNames } from './layout/ProgressNames.tsx';
import { comingSoonLinks } from './layout/menu.ts';
import { SHELL } from './messages.ts';
import { outboxRoutes } from './outbox/routes.tsx';
import { AccessDenied } from './pages/AccessDenied.tsx';
import { ComingSoon } from './pages/ComingSoon.tsx';
import { RegisterPage } from './register/RegisterPage.tsx';
import { REGISTER_ROUTE } from './register/messages.ts';
import { Home } from './pages/Home.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { createDataProvider } from './providers/index.ts';

/** What the app talks to: the server, or the demo mode's memory (see demo.ts). */
export interface AppServices {
  authProvider: AppAuthProvider;
  dataProvider: DataProvider;
  loadDashboard: DashboardLoader;
}

/** `authProvider`: the sign-in screens' own, when they ran first (main.tsx), so its session carries over. */
export function serverServices(authProvider: AppAuthProvider = createAuthProvider()): AppServices {
  return {
    authProvider,
    dataProvider: createDataProvider({ mode: 'server' }),
    loadDashboard: fetchDashboard,
  };
}

const comingSoonRoutes = comingSoonLinks().map((link) => (
  <Route
    key={link.to}
    path={link.to}
    element={
      <RequireAccess target={link} area={link.label}>
        <ComingSoon area={link.label} />
      </RequireAccess>
    }
  />
));

/** What <Admin> keeps between visits (the language, a list's search and page): in the browser's storage, as <Admin>. */
const store = localStorageStore();

export function App({ services }: { services: AppServices }) {
  return (
    <DashboardSourceContext value={services.loadDashboard}>
      {/* react-admin's <Admin>, in its two halves, so that every progress bar inside is named (ProgressNames). */}
      <AdminContext
        authProvider={services.authProvider}
        dataProvider={services.dataProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={theme}
      >
        <ProgressNames>
          <AdminUI
            title={SHELL.appTitle}
            layout={Layout}
            loginPage={LoginPage}
            dashboard={Home}
            accessDenied={AccessDenied}
            catchAll={NotFound}
            requireAuth
            disableTelemetry
          >
            {generatedResources}
            <CustomRoutes noLayout>
              <Route path="/forget-password" element={<ForgetPasswordPage />} />
              <Route path="/reset-password" element={<ResetPasswordPage />} />
              <Route path="/confirm-email" element={<ConfirmEmailPage />} />
            </CustomRoutes>
            <CustomRoutes>
              {comingSoonRoutes}
              {appRoutes}
              {auditRoutes}
              {outboxRoutes}
              <Route path="/account" element={<AccountPage />} />
              <Route path={REGISTER_ROUTE} element={<RegisterPage />} />
            </CustomRoutes>
          </AdminUI>
        </ProgressNames>
      </AdminContext>
    </DashboardSourceContext>
  );
}
