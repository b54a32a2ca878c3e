/**
 * The audit-log routes, for App.tsx to mount inside the layout: the list, the view, the manual note and the
 * correction, each shown only to an account that may (Activity › Audit Logs: View to read, Add to write a note;
 * the correction screen shows the entry, so it needs both).
 */
import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import type { Capability } from '../../resources/permissions.ts';
import { RequireAccess } from '../auth/RequireAccess.tsx';
import { AuditLogList } from './AuditLogList.tsx';
import { AuditLogShow } from './AuditLogShow.tsx';
import { AuditLogEdit, AuditNoteCreate } from './AuditNoteForms.tsx';
import { useWords } from '../i18n/words.ts';
import { AUDIT, AUDIT_PERMISSION, AUDIT_ROUTES as R } from './messages.ts';

const TARGET = { permission: AUDIT_PERMISSION };

function Guard({ capabilities, children }: { capabilities: Capability[]; children: ReactNode }) {
  const T = useWords(AUDIT);
  return capabilities.reduceRight<ReactNode>(
    (inner, capability) => (
      <RequireAccess target={TARGET} capability={capability} area={T.title}>
        {inner}
      </RequireAccess>
    ),
    children,
  );
}

const VIEW: Capability[] = ['View'];
const ADD: Capability[] = ['Add'];
const VIEW_AND_ADD: Capability[] = ['View', 'Add'];

export const auditRoutes = [
  <Route
    key="audit-logs"
    path={R.list}
    element={
      <Guard capabilities={VIEW}>
        <AuditLogList />
      </Guard>
    }
  />,
  <Route
    key="audit-logs-view"
    path={`${R.show}/:id`}
    element={
      <Guard capabilities={VIEW}>
        <AuditLogShow />
      </Guard>
    }
  />,
  <Route
    key="audit-logs-add"
    path={R.add}
    element={
      <Guard capabilities={ADD}>
        <AuditNoteCreate />
      </Guard>
    }
  />,
  <Route
    key="audit-logs-edit"
    path={`${R.edit}/:id`}
    element={
      <Guard capabilities={VIEW_AND_ADD}>
        <AuditLogEdit />
      </Guard>
    }
  />,
];
