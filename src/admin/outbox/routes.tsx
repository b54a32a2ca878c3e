/**
 * The outbox's routes, for App.tsx to mount inside the layout: /outbox and /outbox/:id, Admins only (others see
 * the access-denied page; the server answers them 403 as well).
 */
import { Route } from 'react-router-dom';
import { RequireAccess } from '../auth/RequireAccess.tsx';
import { OUTBOX as T } from './messages.ts';
import { OutboxList } from './OutboxList.tsx';
import { OutboxShow } from './OutboxShow.tsx';

const adminOnly = { adminOnly: true };

export const outboxRoutes = [
  <Route
    key={T.listRoute}
    path={T.listRoute}
    element={
      <RequireAccess target={adminOnly} area={T.title}>
        <OutboxList />
      </RequireAccess>
    }
  />,
  <Route
    key={`${T.listRoute}/:id`}
    path={`${T.listRoute}/:id`}
    element={
      <RequireAccess target={adminOnly} area={T.title}>
        <OutboxShow />
      </RequireAccess>
    }
  />,
];
