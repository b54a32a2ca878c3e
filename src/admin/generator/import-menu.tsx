/**
 * A list's Import menu: the empty template (an Excel file headed in the language chosen), and a dialog that takes a
 * file (Excel, CSV, or a PDF this product exported), lets the server read it, previews what each row would do (new,
 * update, unchanged, or its errors by column), and writes it only when the person confirms: every row or none, or
 * the valid rows only. The server does the work in a job (import-api.ts, polled while it reads and writes); a person
 * who closes the dialog, or the tab, finds their unfinished job again when they open it. Shown to those who may add
 * or edit the list's records, never for what only the server writes, nor in the demo mode (no server).
 */
import UploadIcon from '@mui/icons-material/Upload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useEffectEvent, useId, useRef, useState, type DragEvent } from 'react';
import { useLocaleState, useLogoutIfAccessDenied, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { findResource, type ResourceDeclaration } from '../../resources/index.ts';
import { withRecordNames } from '../../resources/sentences.ts';
import { useAllowed } from '../auth/RequireAccess.tsx';
import { useSaid } from '../i18n/said.ts';
import type { MappedErrorBody } from '../providers/http-client.ts';
import {
  commitImport,
  discardImport,
  failedRowsHref,
  fetchImportJob,
  fetchImportRows,
  fetchLatestImport,
  RUNNING,
  templateHref,
  UNFINISHED,
  uploadImport,
  type ImportJob,
  type ImportMode,
  type ImportRow,
  type RowAction,
} from './import-api.ts';
import { MenuButton } from './menu-button.tsx';
import { useGeneratedText, useResourceText } from './messages.ts';

/** How often the dialog asks where a job stands while the server reads or writes it. */
export const POLL_MS = 700;
/** Rows of the preview per page. */
export const PREVIEW_PAGE_SIZE = 25;
/** The files the server reads (the contract of POST /api/v2/<resource>/imports). */
export const IMPORT_ACCEPT = '.xlsx,.csv,.pdf';

/** The demo mode's rows live in the browser (demo.ts): there is no server to read a file into them. */
const DEMO = import.meta.env.VITE_DEMO === '1';

/** The Import menu of the list around it (`resource`, or the list's own resource). */
export function ImportMenu({ resource }: { resource?: ResourceDeclaration }) {
  const name = useResourceContext();
  const declared = resource ?? (name ? findResource(name) : undefined);
  if (DEMO || !declared || declared.serverWritten) return null;
  return <ImportWhenAllowed resource={declared} />;
}

/** An import creates rows (Add) and updates rows (Edit): either is enough to start one; the server checks each row. */
function ImportWhenAllowed({ resource }: { resource: ResourceDeclaration }) {
  const mayAdd = useAllowed('create', resource.name);
  const mayEdit = useAllowed('edit', resource.name);
  return mayAdd || mayEdit ? <ImportEntries resource={resource} /> : null;
}

function ImportEntries({ resource }: { resource: ResourceDeclaration }) {
  const words = useGeneratedText();
  const [locale] = useLocaleState();
  const [open, setOpen] = useState(false);
  return (
    <>
      <MenuButton label={words('import')} icon={<UploadIcon />}>
        {(close) => [
          <MenuItem key="template" component="a" href={templateHref(resource, locale)} download onClick={close}>
            {words('importTemplate')}
          </MenuItem>,
          <MenuItem
            key="file"
            onClick={() => {
              close();
              setOpen(true);
            }}
          >
            {words('importFile')}
          </MenuItem>,
        ]}
      </MenuButton>
      {open ? <ImportDialog resource={resource} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === 'AbortError';

/**
 * The server's sentence of a failed call, in the language chosen when the admin knows it: from its key and values
 * (the answer's `said`), or the sentence itself.
 */
function useSentenceOf() {
  const translate = useTranslate();
  const words = useGeneratedText();
  const saying = useSaid();
  return (error: unknown) => {
    if (!(error instanceof Error) || !error.message) return words('saveUnanswered');
    const said = (error as { body?: MappedErrorBody }).body?.said;
    if (said) return saying.sentence(error.message, said.key, said.values);
    return translate(error.message, { _: error.message });
  };
}

type Phase = 'checking' | 'choose' | 'job';

function ImportDialog({ resource, onClose }: { resource: ResourceDeclaration; onClose: () => void }) {
  const words = useGeneratedText();
  const [locale] = useLocaleState();
  const text = useResourceText(resource);
  const sentenceOf = useSentenceOf();
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const [phase, setPhase] = useState<Phase>('checking');
  const [job, setJob] = useState<ImportJob | undefined>();
  const [resumed, setResumed] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Asking again after a poll failed (the Try again button).
  const [asked, setAsked] = useState(0);
  // Uploads under way, stopped when the dialog closes.
  const uploads = useRef(new Set<AbortController>());
  // Whether a job of this dialog wrote rows, though the person went on to another file since.
  const wrote = useRef(false);

  const failure = async (caught: unknown) => {
    if (isAbort(caught)) return;
    // A 401 signs the person out (the auth provider's checkError); anything else is said here.
    if (await logoutIfAccessDenied(caught)) return;
    setError(sentenceOf(caught));
  };
  const pollFailed = useEffectEvent((caught: unknown) => void failure(caught));
  // Without the list of jobs, the person can still start one: only a 401 is acted on.
  const checkFailed = useEffectEvent((caught: unknown) => void logoutIfAccessDenied(caught));

  // An unfinished import of this list (the dialog or the tab was closed while it ran) is taken up again.
  useEffect(() => {
    let live = true;
    const sending = uploads.current;
    fetchLatestImport(resource).then(
      (latest) => {
        if (!live) return;
        if (latest && UNFINISHED.has(latest.status)) {
          setJob(latest);
          setResumed(true);
          setPhase('job');
        } else setPhase('choose');
      },
      (caught: unknown) => {
        if (!live) return;
        setPhase('choose');
        checkFailed(caught);
      },
    );
    return () => {
      live = false;
      for (const controller of sending) controller.abort();
    };
  }, [resource]);

  // While the server reads or writes, the dialog asks where it stands.
  useEffect(() => {
    if (!job || !RUNNING.has(job.status)) return;
    let live = true;
    const timer = setTimeout(() => {
      fetchImportJob(job.id).then(
        (next) => {
          if (!live) return;
          setError(undefined);
          setJob(next);
        },
        (caught: unknown) => {
          if (live) pollFailed(caught);
        },
      );
    }, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [job, asked]);

  const close = () => {
    // Rows were written (or some of them): the list shows them.
    if (job?.mode || wrote.current) refresh();
    onClose();
  };

  const send = async (file: File) => {
    setBusy(true);
    setError(undefined);
    const controller = new AbortController();
    uploads.current.add(controller);
    try {
      const answer = await uploadImport(resource, file, locale, controller.signal);
      setJob(answer);
      setResumed(false);
      setPhase('job');
    } catch (caught) {
      await failure(caught);
    } finally {
      uploads.current.delete(controller);
      setBusy(false);
    }
  };

  const confirm = async (id: number, mode: ImportMode) => {
    setBusy(true);
    setError(undefined);
    try {
      setJob(await commitImport(id, mode));
    } catch (caught) {
      await failure(caught);
      // The job may have moved on meanwhile (409: it is not ready any more): show where it stands.
      fetchImportJob(id).then(setJob, () => {});
    } finally {
      setBusy(false);
    }
  };

  const startAgain = () => {
    if (job?.mode) wrote.current = true;
    setJob(undefined);
    setResumed(false);
    setError(undefined);
    setPhase('choose');
  };

  const discard = async () => {
    if (!job) return;
    setBusy(true);
    setError(undefined);
    try {
      await discardImport(job.id);
      startAgain();
    } catch (caught) {
      await failure(caught);
    } finally {
      setBusy(false);
    }
  };

  const status = phase === 'job' && job ? job.status : undefined;
  const running = status !== undefined && RUNNING.has(status);
  return (
    <Dialog open fullScreen={fullScreen} fullWidth maxWidth="lg" onClose={close} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{words('importTitle', { name: text('title.list') })}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {resumed && job ? (
          <Alert severity="info" role="status">
            {words('importResumed', { file: job.fileName })}
          </Alert>
        ) : null}
        {phase === 'checking' ? <LinearProgress aria-label={words('importChecking')} /> : null}
        {phase === 'choose' ? <ChooseFile busy={busy} onSend={(file) => void send(file)} /> : null}
        {job && running ? <Progress job={job} /> : null}
        {job && status === 'ready' ? (
          <Preview
            key={job.id}
            job={job}
            resource={resource}
            busy={busy}
            onConfirm={(mode) => void confirm(job.id, mode)}
            onDiscard={() => void discard()}
          />
        ) : null}
        {job && status === 'done' ? <Done job={job} /> : null}
        {job && status === 'failed' ? <Failed job={job} /> : null}
        {error ? (
          <Alert
            severity="error"
            role="alert"
            action={
              running ? (
                <MuiButton color="inherit" size="small" onClick={() => setAsked((n) => n + 1)}>
                  {words('importTryAgain')}
                </MuiButton>
              ) : undefined
            }
          >
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {status === 'done' || status === 'failed' ? (
          <MuiButton onClick={startAgain}>{words('importAnother')}</MuiButton>
        ) : null}
        <MuiButton onClick={close} variant={status === 'done' ? 'contained' : 'text'}>
          {phase === 'choose' ? words('cancel') : words('importClose')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Step 1: a file, chosen or dropped, then sent. */
function ChooseFile({ busy, onSend }: { busy: boolean; onSend: (file: File) => void }) {
  const words = useGeneratedText();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>();
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) setFile(dropped);
  };

  return (
    <>
      <Typography id={hintId} variant="body2" color="text.secondary">
        {words('importChooseHint')}
      </Typography>
      {/* The real input: named by its label, opened by the button (one stop for keyboards). */}
      <label htmlFor={inputId} style={VISUALLY_HIDDEN}>
        {words('importChooseFile')}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={IMPORT_ACCEPT}
        aria-describedby={hintId}
        tabIndex={-1}
        style={VISUALLY_HIDDEN}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Cleared, so that choosing the same file again (after correcting it) is a change too.
          event.target.value = '';
          if (chosen) setFile(chosen);
        }}
      />
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
          p: 3,
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : undefined,
        }}
      >
        <MuiButton variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
          {words('importChooseFile')}
        </MuiButton>
        <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {file ? words('importChosen', { name: file.name }) : words('importDropHere')}
        </Typography>
      </Box>
      {busy ? <LinearProgress aria-label={words('importUploading')} /> : null}
      <Box>
        <MuiButton variant="contained" disabled={!file || busy} onClick={() => file && onSend(file)}>
          {busy ? words('importUploading') : words('importUpload')}
        </MuiButton>
      </Box>
    </>
  );
}

/** Steps 2 and 4: the server reads the file, or writes its rows. */
function Progress({ job }: { job: ImportJob }) {
  const words = useGeneratedText();
  const reading = job.status === 'reading';
  const { done, total } = job.progress;
  const known = total !== null && total > 0;
  const count = known
    ? words(reading ? 'importRowsRead' : 'importRowsWritten', { done, total })
    : words(reading ? 'importRowsReadSoFar' : 'importRowsWrittenSoFar', { done });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography>{words(reading ? 'importReading' : 'importWriting', { file: job.fileName })}</Typography>
      <LinearProgress
        aria-label={words('importProgress')}
        aria-valuetext={count}
        variant={known ? 'determinate' : 'indeterminate'}
        value={known ? Math.min(100, Math.round((done / total) * 100)) : undefined}
      />
      {/* Not a live region: it changes with every poll; the bar carries the same as its value. */}
      <Typography variant="body2" color="text.secondary">
        {count}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {words('importGoesOn')}
      </Typography>
    </Box>
  );
}

const ACTION_WORDS = {
  create: 'importActionCreate',
  update: 'importActionUpdate',
  unchanged: 'importActionUnchanged',
  error: 'importActionError',
} as const;
const ACTION_COLOURS = { create: 'success', update: 'info', unchanged: 'default', error: 'error' } as const;
const FILTER_WORDS = {
  error: 'importShowErrors',
  create: 'importShowNew',
  update: 'importShowUpdates',
  unchanged: 'importShowUnchanged',
} as const;

/** Step 3: what the file would do, to confirm or discard. */
function Preview({
  job,
  resource,
  busy,
  onConfirm,
  onDiscard,
}: {
  job: ImportJob;
  resource: ResourceDeclaration;
  busy: boolean;
  onConfirm: (mode: ImportMode) => void;
  onDiscard: () => void;
}) {
  const words = useGeneratedText();
  const modeLabelId = useId();
  const allHintId = useId();
  const validHintId = useId();
  const { counts } = job;
  const withErrors = counts.error > 0;
  // Every row or none cannot be chosen while some rows have errors (the server refuses it too).
  const [mode, setMode] = useState<ImportMode>(withErrors ? 'valid' : 'all');
  const nothing = counts.create + counts.update === 0;
  // Filled where something happens; the unchanged rows, and a count of none, only outlined.
  const chips = [
    {
      key: 'create',
      label: words('importNew', { count: counts.create }),
      colour: 'success',
      filled: counts.create > 0,
    },
    {
      key: 'update',
      label: words('importToUpdate', { count: counts.update }),
      colour: 'info',
      filled: counts.update > 0,
    },
    {
      key: 'unchanged',
      label: words('importUnchanged', { count: counts.unchanged }),
      colour: 'default',
      filled: false,
    },
    { key: 'error', label: words('importWithErrors', { count: counts.error }), colour: 'error', filled: withErrors },
  ] as const;
  return (
    <>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
        {chips.map((chip) => (
          <li key={chip.key}>
            <Chip label={chip.label} color={chip.colour} variant={chip.filled ? 'filled' : 'outlined'} />
          </li>
        ))}
      </Box>
      {job.ignored.length > 0 ? (
        <Typography variant="body2">{words('importIgnored', { columns: job.ignored.join(', ') })}</Typography>
      ) : null}
      <PreviewRows job={job} resource={resource} />
      {withErrors ? <FailedRowsLink id={job.id} /> : null}
      <FormControl>
        <FormLabel id={modeLabelId}>{words('importMode')}</FormLabel>
        <RadioGroup
          aria-labelledby={modeLabelId}
          value={mode}
          onChange={(event) => setMode(event.target.value as ImportMode)}
        >
          <FormControlLabel
            value="all"
            control={<Radio slotProps={{ input: { 'aria-describedby': allHintId } }} />}
            disabled={withErrors}
            label={words('importModeAll')}
          />
          <FormHelperText id={allHintId} sx={{ mt: -0.5, ml: 4 }}>
            {withErrors ? words('importModeAllRefused') : words('importModeAllHint')}
          </FormHelperText>
          <FormControlLabel
            value="valid"
            control={<Radio slotProps={{ input: { 'aria-describedby': validHintId } }} />}
            label={words('importModeValid')}
          />
          <FormHelperText id={validHintId} sx={{ mt: -0.5, ml: 4 }}>
            {words('importModeValidHint')}
          </FormHelperText>
        </RadioGroup>
      </FormControl>
      {withErrors && mode === 'valid' ? (
        <Typography role="status">
          {words('importSkipped', { count: counts.error, smart_count: counts.error })}
        </Typography>
      ) : null}
      {nothing ? <Typography role="status">{words('importNothingToDo')}</Typography> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <MuiButton variant="contained" disabled={nothing || busy} onClick={() => onConfirm(mode)}>
          {words('importConfirm')}
        </MuiButton>
        <MuiButton color="error" disabled={busy} onClick={onDiscard}>
          {words('importDiscard')}
        </MuiButton>
      </Box>
    </>
  );
}

type RowsState =
  | { key: string; status: 'ready'; rows: ImportRow[]; total: number }
  | { key: string; status: 'failed'; problem: string };

/** The preview's rows, a page at a time, all or those of one action; the table scrolls inside itself. */
function PreviewRows({ job, resource }: { job: ImportJob; resource: ResourceDeclaration }) {
  const words = useGeneratedText();
  const text = useResourceText(resource);
  const translate = useTranslate();
  const saying = useSaid();
  const sentenceOf = useSentenceOf();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [action, setAction] = useState<RowAction | ''>('');
  const [page, setPage] = useState(0);
  const [state, setState] = useState<RowsState | undefined>();
  const tableId = useId();
  // What is asked; the answer on screen is for it once it has come (until then the bar shows).
  const key = `${job.id}:${action}:${page}`;
  const shown = state?.key === key ? state : undefined;

  const failure = useEffectEvent(async (caught: unknown, asked: string) => {
    if (await logoutIfAccessDenied(caught)) return;
    setState({ key: asked, status: 'failed', problem: sentenceOf(caught) });
  });

  useEffect(() => {
    let live = true;
    const asked = `${job.id}:${action}:${page}`;
    fetchImportRows(job.id, {
      start: page * PREVIEW_PAGE_SIZE,
      count: PREVIEW_PAGE_SIZE,
      action: action || undefined,
    }).then(
      (answer) => {
        if (live) setState({ key: asked, status: 'ready', ...answer });
      },
      (caught: unknown) => {
        if (live) void failure(caught, asked);
      },
    );
    return () => {
      live = false;
    };
  }, [job.id, page, action]);

  const headerOf = (field: string | null) =>
    field === null ? undefined : (job.columns.find((c) => c.field === field)?.header ?? text(`fields.${field}`));
  // The record's name in some sentences (`one`, `many`) is said in the language chosen too.
  const [locale] = useLocaleState();
  const named = (values: Record<string, string | number>) => {
    if (locale === 'en') return values;
    const name = (count: number, english: unknown) =>
      translate(`resources.${resource.name}.name`, { smart_count: count, _: String(english) });
    return withRecordNames(values, { one: name(1, values.one), many: name(2, values.many) });
  };
  const rows = shown?.status === 'ready' ? shown.rows : [];
  // The number of pages stays while the next page loads.
  const total = state?.status === 'ready' ? state.total : 0;
  const pages = Math.max(1, Math.ceil(total / PREVIEW_PAGE_SIZE));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <TextField
        select
        size="small"
        label={words('importShow')}
        value={action}
        onChange={(event) => {
          setAction(event.target.value as RowAction | '');
          setPage(0);
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ alignSelf: 'flex-start', minWidth: 200 }}
      >
        <option value="">{words('importShowAll')}</option>
        {(['error', 'create', 'update', 'unchanged'] as const).map((value) => (
          <option key={value} value={value}>
            {words(FILTER_WORDS[value])}
          </option>
        ))}
      </TextField>
      {shown ? null : <LinearProgress aria-label={words('loading')} />}
      {shown?.status === 'failed' ? (
        <Alert severity="error" role="alert">
          {shown.problem}
        </Alert>
      ) : null}
      <Box
        role="region"
        aria-labelledby={tableId}
        tabIndex={0}
        sx={{ overflow: 'auto', maxHeight: '50vh', border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Table size="small" stickyHeader>
          <caption id={tableId} style={{ captionSide: 'top', textAlign: 'start', padding: 8 }}>
            {words('importRowsTable')}
          </caption>
          <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableRow>
              <TableCell>{words('importRowNumber')}</TableCell>
              <TableCell>{words('importOutcome')}</TableCell>
              {job.columns.map((column) => (
                <TableCell key={column.field}>{column.header}</TableCell>
              ))}
              <TableCell>{words('importProblems')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown?.status === 'ready' && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={job.columns.length + 3}>{words('importNoRows')}</TableCell>
              </TableRow>
            ) : null}
            {rows.map((row) => {
              const wrong = new Set(row.errors.map((e) => e.field));
              return (
                <TableRow key={row.id}>
                  <TableCell component="th" scope="row">
                    {row.id}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={words(ACTION_WORDS[row.action])}
                      color={ACTION_COLOURS[row.action]}
                      variant={row.action === 'unchanged' ? 'outlined' : 'filled'}
                    />
                  </TableCell>
                  {job.columns.map((column) => (
                    <TableCell
                      key={column.field}
                      sx={{
                        overflowWrap: 'anywhere',
                        minWidth: 96,
                        ...(wrong.has(column.field) ? { color: 'error.main' } : {}),
                        // What an update changes stands out from what it leaves as it is.
                        ...(row.action === 'update' && row.changes.includes(column.field) ? { fontWeight: 700 } : {}),
                      }}
                    >
                      {row.cells[column.field] ?? ''}
                    </TableCell>
                  ))}
                  <TableCell sx={{ minWidth: 200 }}>
                    {row.errors.map((e, index) => {
                      const header = headerOf(e.field);
                      // A sentence the import made is said from its key, after the column's name in the language
                      // chosen; any other (the declaration's validation) through the catalogue, as forms say it.
                      if (e.said) {
                        const said = saying.sentence(e.message, e.said.key, named(e.said.values));
                        return (
                          <Typography key={index} variant="body2" color="error">
                            {header ? `${header}: ${said}` : said}
                          </Typography>
                        );
                      }
                      const message = translate(e.message, { _: e.message });
                      return (
                        <Typography key={index} variant="body2" color="error">
                          {header && !message.toLowerCase().startsWith(header.toLowerCase())
                            ? `${header}: ${message}`
                            : message}
                        </Typography>
                      );
                    })}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {pages > 1 ? (
        <Box
          component="nav"
          aria-label={words('pagination')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
        >
          <MuiButton size="small" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            {words('previous')}
          </MuiButton>
          <Typography variant="body2">{words('pageOf', { page: page + 1, pages })}</Typography>
          <MuiButton size="small" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
            {words('next')}
          </MuiButton>
        </Box>
      ) : null}
    </Box>
  );
}

/** Step 5: what was written. */
function Done({ job }: { job: ImportJob }) {
  const words = useGeneratedText();
  const result = job.result ?? { created: 0, updated: 0, failed: 0 };
  return (
    <>
      <Alert severity={result.failed > 0 ? 'warning' : 'success'} role="status">
        {words('importDone', { created: result.created, updated: result.updated })}
        {result.failed > 0
          ? ` ${words('importDoneFailed', { count: result.failed, smart_count: result.failed })}`
          : null}
      </Alert>
      {result.failed > 0 ? <FailedRowsLink id={job.id} /> : null}
    </>
  );
}

/** The download of a job's rows with errors, to correct and import again. */
function FailedRowsLink({ id }: { id: number }) {
  const words = useGeneratedText();
  const [locale] = useLocaleState();
  return (
    <Box>
      <Link href={failedRowsHref(id, locale)} download>
        {words('importDownloadErrors')}
      </Link>
    </Box>
  );
}

/** The job failed as a whole: the server's sentence, and the rows to correct when there are some. */
function Failed({ job }: { job: ImportJob }) {
  const words = useGeneratedText();
  const translate = useTranslate();
  const saying = useSaid();
  // The server's sentence from its key, a row's reason in it as the translator says it (a validation sentence);
  // a problem without a key (a sentence of the server's own) as the translator says it, else as it came.
  const problem = !job.problem
    ? undefined
    : job.problemSaid
      ? saying.sentence(job.problem, job.problemSaid.key, {
          ...job.problemSaid.values,
          ...(typeof job.problemSaid.values.reason === 'string'
            ? { reason: translate(job.problemSaid.values.reason, { _: job.problemSaid.values.reason }) }
            : {}),
        })
      : translate(job.problem, { _: job.problem });
  // Rows with errors exist once the file was read (the preview's) or after a commit that failed at a row.
  const rows = job.counts.error > 0 || job.mode !== null;
  return (
    <>
      <Alert severity="error" role="alert">
        {problem ? `${words('importFailed')} ${problem}` : words('importFailed')}
      </Alert>
      {rows ? <FailedRowsLink id={job.id} /> : null}
    </>
  );
}
