/**
 * The outbox's routes, for App.tsx to mount inside the layout: /outbox and /outbox/:id, Admins only (others see
 * the access-denied page; the server answers them 403 as well).
 */
import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { RequireAccess } from '../auth/RequireAccess.tsx';
import { useWords } from '../i18n/words.ts';
import { OUTBOX, OUTBOX_ROUTE } from './messages.ts';
import { OutboxList } from './OutboxList.tsx';
import { OutboxShow } from './OutboxShow.tsx';

const adminOnly = { adminOnly: true };

/** Admins only; the refusal names the outbox in the language chosen. */
function AdminOnly({ children }: { children: ReactNode }) {
  const T = useWords(OUTBOX);
  return (
    <RequireAccess target={adminOnly} area={T.title}>
      {children}
    </RequireAccess>
  );
}

export const outboxRoutes = [
  <Route
    key={OUTBOX_ROUTE}
    path={OUTBOX_ROUTE}
    element={
      <AdminOnly>
        <OutboxList />
      </AdminOnly>
    }
  />,
  <Route
    key={`${OUTBOX_ROUTE}/:id`}
    path={`${OUTBOX_ROUTE}/:id`}
    element={
      <AdminOnly>
        <OutboxShow />
      </AdminOnly>
    }
  />,
];
