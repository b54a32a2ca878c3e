/**
 * Pieces shared by the hand-written screens of several areas (users, employees, role permissions, activities, audit
 * logs): the row's buttons (View, Edit and the generated Delete, generator/delete-button.tsx), a list's failed fetch,
 * the edit screen's record (navigation state or `:id`), and the "message, then back to the list after a delay" of a
 * successful save. The row's Edit and Delete show only when the account may (react-admin's canAccess).
 */
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, useListContext, useRecordContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { Allowed } from '../auth/RequireAccess.tsx';
import { idFromState } from '../generator/form.tsx';
import { DeleteButton } from '../generator/delete-button.tsx';
import { serverMessage } from '../generator/errors.ts';
import { useGeneratedText } from '../generator/messages.ts';

export { ALL_ROWS, ID_ORDER } from '../generator/name-filter.tsx';

export { isServerAnswer, serverMessage } from '../generator/errors.ts';

/** Column props Datagrid reads from its children. */
export interface ColumnProps {
  label: string;
  sortable?: boolean;
  source?: string;
}

export interface RowActionsProps extends ColumnProps {
  resource: string;
  /**
   * Where Edit goes: the edit route (the spec's, without an id) with the record in navigation state under
   * `stateKey`, or a path of the record's own (`editTo`).
   */
  editRoute?: string;
  stateKey?: string;
  editTo?: (record: RaRecord) => string;
  /** When set, a View link first, to this path of the record's. */
  viewTo?: (record: RaRecord) => string;
  title: string;
  confirm: string;
  /** When set, the record cannot be deleted: the dialog says why and offers no delete. */
  blocked?: (record: RaRecord) => string | undefined;
  deleted: string;
  /** The sentence of a failed delete. */
  failure: (error: unknown) => string;
}

/**
 * Edit (to the edit route, the record in navigation state) and delete with a confirmation dialog, each only
 * when the account may.
 */
export function RowActions({
  resource,
  editRoute,
  stateKey,
  editTo,
  viewTo,
  title,
  confirm,
  blocked,
  deleted,
  failure,
}: RowActionsProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const generated = useGeneratedText();
  if (!record) return null;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {/* Each button has its icon: on a phone react-admin's Button shows the icon alone (its label as tooltip). */}
      {viewTo ? (
        <Button component={Link} label={generated('view')} to={viewTo(record)}>
          <VisibilityIcon />
        </Button>
      ) : null}
      <Allowed action="edit" resource={resource}>
        {editTo ? (
          <Button component={Link} label={translate('ra.action.edit')} to={editTo(record)}>
            <EditIcon />
          </Button>
        ) : (
          <Button
            component={Link}
            label={translate('ra.action.edit')}
            to={editRoute!}
            state={stateKey ? { [stateKey]: record } : undefined}
          >
            <EditIcon />
          </Button>
        )}
      </Allowed>
      <DeleteButton
        resource={resource}
        record={record}
        title={title}
        confirm={confirm}
        blocked={blocked?.(record)}
        deleted={deleted}
        failure={failure}
      />
    </span>
  );
}

/** A list's failed fetch, in the server's words when it gave some, else `fallback`. */
export function ListFetchError({ fallback }: { fallback: string }) {
  const { error } = useListContext();
  return error ? (
    <Alert severity="error" role="alert">
      {serverMessage(error) ?? fallback}
    </Alert>
  ) : null;
}

/**
 * The id of the record an edit screen edits: `:id` from the route, or the record passed in navigation state
 * (`{ department: { id, ... } }`). Undefined when there is neither.
 */
export function useEditId(): Identifier | undefined {
  const params = useParams();
  const location = useLocation();
  const id = params.id ?? idFromState(location.state);
  return id === '' ? undefined : id;
}

/** After a successful save: remember the sentence, and go to `to` after `delayMs` (cancelled on unmount). */
export function useDelayedReturn(to: string, delayMs: number) {
  const navigate = useNavigate();
  const [done, setDone] = useState<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const finish = useCallback(
    (sentence: string) => {
      setDone(sentence);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(to), delayMs);
    },
    [navigate, to, delayMs],
  );
  return { done, finish };
}
