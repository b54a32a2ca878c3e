/**
 * Pieces shared by the department and designation screens: the page heading, the filter dropdown built from the
 * names that exist, the delete button with its confirmation, the edit screen's record (navigation state or
 * `:id`), and the "message, then back to the list after a delay" of a successful save. The Add button and the
 * row's Edit and Delete show only when the account may (react-admin's canAccess on the list's resource).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FilterListIcon from '@mui/icons-material/FilterList';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MuiButton from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  Button,
  Confirm,
  TopToolbar,
  useDelete,
  useGetList,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { Allowed } from '../auth/RequireAccess.tsx';
import { idFromState } from '../generated/form.tsx';
import { serverMessage } from '../generated/errors.ts';
import { ExportMenu } from '../generated/export-menu.tsx';
import { ImportMenu } from '../generated/import-menu.tsx';
import { useGeneratedText } from '../generated/messages.ts';

/** Enough rows for a dropdown of names; the legacy provider fetches such a list whole. */
export const ALL_ROWS = { page: 1, perPage: 1000 } as const;
export const ID_ORDER = { field: 'id', order: 'ASC' } as const;

export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 1 }}>
      {children}
    </Typography>
  );
}

export { isServerAnswer, serverMessage } from '../generated/errors.ts';

/** The list's toolbar: the filter dropdown, the Export and Import menus and the Add button. */
export function ListToolbar({ addLabel, addTo, filter }: { addLabel: string; addTo: string; filter: ReactNode }) {
  return (
    <TopToolbar>
      {filter}
      <ExportMenu />
      <ImportMenu />
      <Allowed action="create">
        <Button component={Link} label={addLabel} to={addTo} variant="contained">
          <AddIcon />
        </Button>
      </Allowed>
    </TopToolbar>
  );
}

export interface NameFilterProps {
  /** The resource whose names are offered, and the field filtered exactly. */
  resource: string;
  source: string;
  label: string;
  /** A Cancel entry that closes the dropdown without changing the filter (the department list's). */
  cancel?: string;
}

/** A dropdown of All plus the names that exist (each once, in list order); choosing one goes back to page 1. */
export function NameFilter({ resource, source, label, cancel }: NameFilterProps) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const { data } = useGetList(resource, { pagination: ALL_ROWS, sort: ID_ORDER });
  const generated = useGeneratedText();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const names = [...new Set((data ?? []).map((row) => row[source]).filter((n): n is string => typeof n === 'string'))];
  const current = typeof filterValues[source] === 'string' ? (filterValues[source] as string) : undefined;

  const choose = (name: string | undefined) => {
    setAnchor(null);
    const next: Record<string, unknown> = { ...filterValues };
    if (name === undefined) delete next[source];
    else next[source] = name;
    setFilters(next, displayedFilters);
  };

  return (
    <>
      <MuiButton
        size="small"
        startIcon={<FilterListIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {`${label}: ${current ?? generated('all')}`}
      </MuiButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem selected={current === undefined} onClick={() => choose(undefined)}>
          {generated('all')}
        </MenuItem>
        {names.map((name) => (
          <MenuItem key={name} selected={current === name} onClick={() => choose(name)}>
            {name}
          </MenuItem>
        ))}
        {cancel ? <MenuItem onClick={() => setAnchor(null)}>{cancel}</MenuItem> : null}
      </Menu>
    </>
  );
}

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
  const notify = useNotify();
  const translate = useTranslate();
  const generated = useGeneratedText();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const blockedBy = blocked?.(record);

  const onConfirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(deleted, { type: 'info', messageArgs: { _: deleted } });
        },
        onError: (error) => {
          setOpen(false);
          const message = failure(error);
          notify(message, { type: 'error', messageArgs: { _: message } });
        },
      },
    );

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
      <Allowed action="delete" resource={resource}>
        <Button label={translate('ra.action.delete')} color="error" onClick={() => setOpen(true)}>
          <DeleteIcon />
        </Button>
      </Allowed>
      {blockedBy ? (
        <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`delete-${record.id}-title`}>
          <DialogTitle id={`delete-${record.id}-title`}>{title}</DialogTitle>
          <DialogContent>
            <DialogContentText>{blockedBy}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)} autoFocus>
              {translate('ra.action.close')}
            </MuiButton>
          </DialogActions>
        </Dialog>
      ) : (
        <Confirm
          isOpen={open}
          loading={isPending}
          title={title}
          content={confirm}
          titleTranslateOptions={{ _: title }}
          contentTranslateOptions={{ _: confirm }}
          onConfirm={onConfirm}
          onClose={() => setOpen(false)}
        />
      )}
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
