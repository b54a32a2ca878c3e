/**
 * Pieces the hand-written screens share (users, employees, role permissions, activities, audit logs, the role's
 * view): the row's buttons (View, Edit and the generated Delete, generator/delete-button.tsx), a list's failed fetch,
 * the edit screen's record (navigation state or `:id`), the "message, then back to the list after a delay" of a
 * successful save, a form's alerts, Save and Cancel, and a picked file's preview. The row's Edit and Delete show only when the account may (react-admin's canAccess).
 */
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  Button,
  SaveButton,
  Toolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { Allowed } from '../auth/RequireAccess.tsx';
import { idFromState } from './form.tsx';
import { DeleteButton } from './delete-button.tsx';
import { serverMessage } from './errors.ts';
import { useGeneratedText } from './messages.ts';

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

/** Above a hand-written form: why its save failed (red), or that it went through (green). */
export function FormAlerts({ alert, done, gap = 'mb' }: { alert?: string; done?: string; gap?: 'mb' | 'my' }) {
  const sx = { [gap]: 1 };
  return (
    <>
      {alert ? (
        <Alert severity="error" role="alert" sx={sx}>
          {alert}
        </Alert>
      ) : null}
      {done ? (
        <Alert severity="success" role="status" sx={sx}>
          {done}
        </Alert>
      ) : null}
    </>
  );
}

/** A hand-written react-admin form's toolbar: Save, and Cancel back to `cancelTo`. */
export function SaveCancelToolbar({ save, cancel, cancelTo }: { save: string; cancel: string; cancelTo: string }) {
  return (
    <Toolbar>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <SaveButton label={save} alwaysEnable />
        <Button component={Link} label={cancel} to={cancelTo}>
          <CloseIcon />
        </Button>
      </Box>
    </Toolbar>
  );
}

/**
 * A hand-written Create's outcome: on success the sentence `done` as a notice and on to `to`; on failure the
 * server's sentence (or `failed`) in an alert above the form, returned as `alert`.
 */
export function useCreateOutcome(done: string, to: string, failed: string) {
  const notify = useNotify();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const mutationOptions = {
    onSuccess: () => {
      notify(done, { type: 'info', messageArgs: { _: done } });
      navigate(to);
    },
    onError: (failure: unknown) => setError(serverMessage(failure) ?? failed),
  };
  const alert = error ? (
    <Alert severity="error" sx={{ mb: 2, width: '100%' }}>
      {error}
    </Alert>
  ) : null;
  return { mutationOptions, alert };
}

/** An object URL of a picked file, for its preview; revoked when the file changes or the screen goes. */
export function useObjectUrl(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return setUrl(undefined);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}
