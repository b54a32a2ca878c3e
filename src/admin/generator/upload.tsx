/**
 * The input of an image or file field: files go to `POST /api/v2/uploads` one request each, and the field takes
 * the path the server answers, so the record's save sends paths, never bytes. XMLHttpRequest rather than fetch:
 * only it reports the request body's progress, which drives each file's bar. At most three uploads run at once
 * per input, the rest wait their turn; each can be cancelled. While any is waiting or running, a save is refused
 * with a sentence under the field (a save middleware: the form's own validation cannot see uploads).
 *
 * The uploader itself comes from `UploaderContext`, so that component tests give a fake one that reports
 * progress when they say so.
 */
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import { HttpError, useEvent, useInput, useRegisterMutationMiddleware, useTranslate } from 'react-admin';
import type { FileField, FileType, UploadField } from '../../resources/index.ts';
import { FILE_PATH, imageAtWidth, uploadIdOf, type UploadAnswer } from '../../resources/media.ts';
import { XSRF_HEADER, xsrfToken } from '../auth/token.ts';
import { UNREACHABLE_MESSAGE } from '../providers/http-client.ts';
import { GENERATED_MESSAGES, useGeneratedText } from './messages.ts';

export const UPLOAD_URL = '/api/v2/uploads';
/** Uploads of one input running at once; more wait (the server re-encodes images a few at a time anyway). */
export const MAX_PARALLEL_UPLOADS = 3;
/** A list of images holds at most this many unless the declaration says otherwise (the server's default too). */
export const DEFAULT_MAX_IMAGES = 20;
/** The English of the sentence a save refused while uploading shows (`generated.waitForUploads`). */
export const WAIT_FOR_UPLOADS = GENERATED_MESSAGES.waitForUploads;

/** An upload the server refused without a sentence: the queue says it with the HTTP status, in the language chosen. */
export class UploadStatusError extends Error {
  readonly status: number;
  constructor(status: number) {
    super('');
    this.status = status;
  }
}

export interface UploadRequest {
  /** The declaration's `name`. */
  resource: string;
  /** The field, or `<items field>.<inner field>` for a field of a list's items. */
  field: string;
  file: File;
  /** Bytes of the request body sent so far, of `total`. */
  onProgress: (loaded: number, total: number) => void;
  /** Aborting cancels the upload; the promise then rejects with an `AbortError`. */
  signal: AbortSignal;
}

/** Sends one file; rejects with an Error whose message is the server's sentence. */
export type Uploader = (request: UploadRequest) => Promise<UploadAnswer>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The browser's uploader: multipart with `resource` and `field` before `file` (the server reads them first, to
 * know the field's limits before the bytes), the session cookie (same origin) and the page's XSRF token.
 */
export const xhrUploader: Uploader = ({ resource, field, file, onProgress, signal }) =>
  new Promise<UploadAnswer>((resolve, reject) => {
    const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.setRequestHeader('Accept', 'application/json');
    const xsrf = xsrfToken();
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && isRecord(json) && typeof json.path === 'string') {
        resolve(json as unknown as UploadAnswer);
        return;
      }
      const message = isRecord(json) && typeof json.message === 'string' && json.message !== '' ? json.message : '';
      reject(message ? new Error(message) : new UploadStatusError(xhr.status));
    };
    xhr.onerror = () => reject(new Error(UNREACHABLE_MESSAGE));
    xhr.onabort = () => reject(cancelled());
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('resource', resource);
    body.append('field', field);
    body.append('file', file, file.name);
    xhr.send(body);
  });

export const UploaderContext = createContext<Uploader>(xhrUploader);

/** One file of the input that has not become part of the value yet. */
export interface UploadRow {
  id: string;
  name: string;
  status: 'waiting' | 'uploading' | 'failed';
  loaded: number;
  total: number;
  error?: string;
}

let lastRowId = 0;

/**
 * The queue of one input: `add` files, `cancel` one (waiting, running or failed), `pending()` counts those not
 * finished. A finished upload leaves the rows and is handed to `onUploaded`; a failed one stays with its sentence.
 * Everything still running is aborted when the input goes away (a removed item, a left page).
 */
export function useUploadQueue(
  target: { resource: string; field: string },
  onUploaded: (answer: UploadAnswer, file: File, order: number) => void,
) {
  const upload = useContext(UploaderContext);
  const words = useGeneratedText();
  const [rows, setRows] = useState<UploadRow[]>([]);
  // The queue lives in refs: a save may ask for it between renders, and starting is decided synchronously.
  const waiting = useRef<{ id: string; file: File; order: number }[]>([]);
  const running = useRef(new Map<string, AbortController>());

  const patch = (id: string, change: Partial<UploadRow>) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const drop = (id: string) => setRows((current) => current.filter((row) => row.id !== id));
  const finished = useEvent(onUploaded);

  const pump = useEvent(() => {
    while (running.current.size < MAX_PARALLEL_UPLOADS && waiting.current.length > 0) {
      const { id, file, order } = waiting.current.shift()!;
      const controller = new AbortController();
      running.current.set(id, controller);
      patch(id, { status: 'uploading' });
      const settle = () => {
        if (running.current.get(id) !== controller) return;
        running.current.delete(id);
        pump();
      };
      upload({
        ...target,
        file,
        signal: controller.signal,
        onProgress: (loaded, total) => {
          if (!controller.signal.aborted) patch(id, { loaded, total });
        },
      }).then(
        (answer) => {
          if (controller.signal.aborted) return;
          drop(id);
          finished(answer, file, order);
          settle();
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message =
            error instanceof UploadStatusError
              ? words('uploadFailedStatus', { status: error.status })
              : error instanceof Error && error.message
                ? error.message
                : words('uploadFailed');
          patch(id, { status: 'failed', error: message });
          settle();
        },
      );
    }
  });

  const add = useEvent((files: readonly File[]) => {
    const entries = files.map((file) => {
      const order = ++lastRowId;
      return { id: `upload-${order}`, file, order };
    });
    setRows((current) => [
      ...current,
      ...entries.map(({ id, file }): UploadRow => ({
        id,
        name: file.name,
        status: 'waiting',
        loaded: 0,
        total: file.size,
      })),
    ]);
    waiting.current.push(...entries);
    pump();
  });

  const cancel = useEvent((id: string) => {
    const queued = waiting.current.findIndex((entry) => entry.id === id);
    if (queued >= 0) waiting.current.splice(queued, 1);
    const controller = running.current.get(id);
    if (controller) {
      // Aborted uploads are forgotten at once: their slot goes to the next file even if the request lingers.
      controller.abort();
      running.current.delete(id);
    }
    drop(id);
    pump();
  });

  const cancelAll = useEvent(() => {
    // Rows added since the last render are in the refs only.
    const ids = new Set([
      ...waiting.current.map((entry) => entry.id),
      ...running.current.keys(),
      ...rows.map((row) => row.id),
    ]);
    for (const id of ids) cancel(id);
  });

  const pending = useCallback(() => waiting.current.length + running.current.size, []);

  useEffect(() => {
    const queue = waiting.current;
    const inFlight = running.current;
    return () => {
      queue.splice(0);
      for (const controller of inFlight.values()) controller.abort();
      inFlight.clear();
    };
  }, []);

  return { rows, add, cancel, cancelAll, pending };
}

/**
 * Refuses the record's save while this input has uploads waiting or running: the save would send the value
 * without them. The refusal is a field error, as a server's would be, so it shows under the input.
 */
function useBlockSaveWhileUploading(fieldName: string, pending: () => number) {
  const words = useGeneratedText();
  const middleware = useCallback(
    async (
      resource: string | undefined,
      params: unknown,
      next: (resource: string | undefined, params: unknown) => unknown,
    ) => {
      if (pending() > 0) {
        const sentence = words('waitForUploads');
        throw new HttpError(sentence, 400, { message: sentence, errors: { [fieldName]: sentence } });
      }
      return next(resource, params);
    },
    [fieldName, pending, words],
  );
  useRegisterMutationMiddleware(middleware);
}

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
const FILE_CONTENT_TYPES: Record<FileType, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

/** What a file field holds, in words: a video, a document, or either. */
function fileNoun(decl: FileField): 'video' | 'document' | 'file' {
  if (decl.accept.every((type) => type !== 'pdf')) return 'video';
  if (decl.accept.every((type) => type === 'pdf')) return 'document';
  return 'file';
}

/** Whether a file field's value is a video (an uploaded MP4 or WebM, or any address of a video-only field). */
export function isVideoValue(value: string, decl: FileField): boolean {
  const uploaded = FILE_PATH.exec(value);
  if (uploaded) return uploaded[2] !== 'pdf';
  return fileNoun(decl) === 'video';
}

const asPaths = (value: unknown): string[] =>
  (Array.isArray(value) ? value : []).filter((item): item is string => typeof item === 'string' && item !== '');

export interface UploadInputProps {
  /** The form field, relative to the item inside a list's items. */
  source: string;
  decl: UploadField;
  /** The declaration's name (the upload route's `resource`). */
  resource: string;
  /** The upload route's `field`: the field's name, or `<items field>.<inner field>`. */
  uploadField: string;
  /** `[]` for a list of images (a new item of a list of items takes it too). */
  defaultValue?: string[] | null;
}

/** The upload input of an image field (one or a list) or a file field. */
export function UploadInput({ source, decl, resource, uploadField, defaultValue }: UploadInputProps) {
  const translate = useTranslate();
  const words = useGeneratedText();
  // The field's words from the admin's messages (generator/messages.ts), the declaration's if missing.
  const label = translate(`resources.${resource}.fields.${uploadField}`, { _: decl.label });
  const { getValues } = useFormContext();
  const { id, field, fieldState, formState } = useInput({ source, defaultValue, format: (value: unknown) => value });
  const multiple = decl.kind === 'image' && decl.multiple === true;
  const maxItems = decl.kind === 'image' ? (decl.maxItems ?? DEFAULT_MAX_IMAGES) : 1;
  // The names of files uploaded here, for their previews' descriptions (a stored value has only its path).
  const [names, setNames] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);

  // When each new path was chosen: uploads finish in any order, the images stay in the order they were chosen.
  const chosenAt = useRef(new Map<string, number>());
  const { rows, add, cancel, cancelAll, pending } = useUploadQueue(
    { resource, field: uploadField },
    (answer, file, order) => {
      setNames((current) => ({ ...current, [answer.path]: file.name }));
      chosenAt.current.set(answer.path, order);
      // The value now, not at render: several uploads may finish before the next render.
      const now: unknown = getValues(field.name);
      const rank = (path: string) => chosenAt.current.get(path) ?? 0;
      field.onChange(multiple ? [...asPaths(now), answer.path].sort((a, b) => rank(a) - rank(b)) : answer.path);
    },
  );
  useBlockSaveWhileUploading(field.name, pending);

  const paths = multiple ? asPaths(field.value) : [];
  const single = !multiple && typeof field.value === 'string' && field.value !== '' ? field.value : undefined;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared, so that choosing the same file again (after an error) is a change too.
    event.target.value = '';
    if (files.length === 0) return;
    if (!multiple) {
      // A new choice replaces whatever was still on its way; the value changes when the new upload finishes.
      cancelAll();
      setNotice(undefined);
      add(files.slice(0, 1));
      return;
    }
    const room = Math.max(0, maxItems - paths.length - pending());
    const taken = files.slice(0, room);
    const left = files.length - taken.length;
    setNotice(left > 0 ? words('tooManyImages', { max: maxItems, smart_count: left }) : undefined);
    if (taken.length > 0) add(taken);
  };

  const remove = (path: string) => {
    setNotice(undefined);
    field.onChange(multiple ? asPaths(getValues(field.name)).filter((item) => item !== path) : null);
  };

  const noun = decl.kind === 'image' ? (multiple ? 'images' : 'image') : fileNoun(decl);
  const chooseKey = (
    {
      image: 'chooseImage',
      images: 'chooseImages',
      video: 'chooseVideo',
      document: 'chooseDocument',
      file: 'chooseFile',
    } as const
  )[noun];
  const addressKey = (
    {
      image: 'imageAddress',
      images: 'imageAddress',
      video: 'videoAddress',
      document: 'documentAddress',
      file: 'fileAddress',
    } as const
  )[noun];
  const full = multiple && paths.length + rows.filter((row) => row.status !== 'failed').length >= maxItems;
  const accept = decl.kind === 'image' ? IMAGE_ACCEPT : decl.accept.map((type) => FILE_CONTENT_TYPES[type]).join(',');
  const error: unknown = fieldState.error?.message;
  const showError = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted) && typeof error === 'string';
  const altOf = (path: string, index: number) => names[path] ?? (multiple ? `${label} ${index + 1}` : label);
  const errorId = `${id}-error`;

  return (
    <Box sx={{ mb: 2, width: '100%', minWidth: 0 }}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </Typography>
      {/* The real input: named by the label above, opened by the button (one stop for keyboards). */}
      <input
        ref={fileInput}
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        onChange={choose}
        aria-describedby={showError ? errorId : undefined}
        tabIndex={-1}
        style={VISUALLY_HIDDEN}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button
          type="button"
          variant="outlined"
          startIcon={<CloudUploadIcon />}
          onClick={() => fileInput.current?.click()}
          disabled={full}
          aria-describedby={showError ? errorId : undefined}
        >
          {words(chooseKey)}
        </Button>
        {multiple ? (
          <Typography variant="caption" color="text.secondary">
            {words('ofAtMost', { count: paths.length, max: maxItems })}
          </Typography>
        ) : null}
      </Box>
      {decl.allowUrl && !multiple ? (
        <MuiTextField
          type="url"
          label={words(addressKey)}
          // An uploaded path shows as its preview; the box holds an address of elsewhere only.
          value={single && uploadIdOf(single) === undefined ? single : ''}
          onChange={(event) => {
            if (event.target.value !== '') cancelAll();
            field.onChange(event.target.value === '' ? null : event.target.value);
          }}
          onBlur={field.onBlur}
          size="small"
          margin="dense"
          fullWidth
        />
      ) : null}
      {notice ? (
        <FormHelperText role="status" sx={{ color: 'warning.main' }}>
          {notice}
        </FormHelperText>
      ) : null}
      {rows.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {rows.map((row) => (
            <UploadRowView key={row.id} row={row} onCancel={() => cancel(row.id)} />
          ))}
        </Box>
      ) : null}
      {multiple && paths.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {paths.map((path, index) => (
            <Box component="li" key={path} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <Thumbnail path={path} alt={altOf(path, index)} />
              <RemoveButton name={altOf(path, index)} onClick={() => remove(path)} />
            </Box>
          ))}
        </Box>
      ) : null}
      {single ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
          {decl.kind === 'image' ? (
            <Thumbnail path={single} alt={altOf(single, 0)} />
          ) : (
            <a href={single} target="_blank" rel="noopener noreferrer">
              {names[single] ?? words(isVideoValue(single, decl) ? 'playVideo' : 'viewFile')}
            </a>
          )}
          <RemoveButton name={names[single] ?? label} onClick={() => remove(single)} />
        </Box>
      ) : null}
      {showError ? (
        <FormHelperText id={errorId} error>
          {translate(error, { _: error })}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

/** Hidden from sight, not from assistive technology or tests (unlike `display: none`). */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

function Thumbnail({ path, alt }: { path: string; alt: string }) {
  return (
    <Box
      component="img"
      src={imageAtWidth(path, 320)}
      alt={alt}
      loading="lazy"
      sx={{ width: 120, height: 90, objectFit: 'cover', borderRadius: 1, display: 'block' }}
    />
  );
}

function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  const words = useGeneratedText();
  return (
    <Button type="button" size="small" color="error" onClick={onClick} aria-label={words('removeNamed', { name })}>
      {words('remove')}
    </Button>
  );
}

/** A file on its way: its name, its bar (or its error), and Cancel (or Dismiss once it failed). */
function UploadRowView({ row, onCancel }: { row: UploadRow; onCancel: () => void }) {
  const percent = row.total > 0 ? Math.min(100, Math.round((row.loaded / row.total) * 100)) : 0;
  const failed = row.status === 'failed';
  const words = useGeneratedText();
  return (
    <Box component="li" sx={{ py: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {row.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {failed ? words('failed') : row.status === 'waiting' ? words('waiting') : `${percent}%`}
        </Typography>
        <Button
          type="button"
          size="small"
          onClick={onCancel}
          aria-label={words(failed ? 'dismissNamed' : 'cancelNamed', { name: row.name })}
        >
          {words(failed ? 'dismiss' : 'cancel')}
        </Button>
      </Box>
      {failed ? (
        <Typography variant="body2" color="error" role="alert">
          {row.error}
        </Typography>
      ) : (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={words('uploadProgress', { name: row.name })}
        />
      )}
    </Box>
  );
}
