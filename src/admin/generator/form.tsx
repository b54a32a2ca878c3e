/**
 * The generated create and edit screens of a declared resource: one input per field (or the declaration's
 * `form.fields`), validated in the browser with `validateRecord` (the server's own sentences), saved
 * pessimistically so that the server's field errors (a duplicate code, a state outside the country) appear under
 * their fields. A successful save says so in the form, which then goes back to the list after the declared delay
 * (spec section 9: 2 seconds); a failed one says why in the declaration's words (spec section 8).
 *
 * The spec's edit routes carry no id (`/master/country/edit`, the item passed in navigation state); the
 * generated screens also answer `<edit>/<id>`. With no item at all, the edit screen goes back to the list.
 */
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type ComponentType, type MouseEvent } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  Button,
  Create,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import {
  requiredMessage,
  RETURN_AFTER_MS,
  type FieldDeclaration,
  type ResourceDeclaration,
} from '../../resources/index.ts';
import { ChoicesFailureContext } from './choices.ts';
import { formErrors, writableValues, type FormErrors } from './declaration.ts';
import { isServerAnswer, serverMessage } from './errors.ts';
import { formInput } from './inputs.tsx';
import { hasResourceText, useGeneratedText, useResourceText } from './messages.ts';

export type FormMode = 'create' | 'edit';

export interface GeneratedFormScreenProps {
  resource: ResourceDeclaration;
}

/**
 * What an area may ask as Save is pressed on a generated create or edit form, once the form is valid (a donation
 * whose receipt would print a registration that had expired): mounted while the save waits, it calls `proceed` to
 * let the save go on, or `cancel` to leave the form as it is. Without one, Save saves at once.
 */
export interface ConfirmSaveProps {
  mode: FormMode;
  /** The form's values as Save was pressed. */
  values: Record<string, unknown>;
  proceed: () => void;
  cancel: () => void;
}

export type ConfirmSave = ComponentType<ConfirmSaveProps>;

function listRouteOf(resource: ResourceDeclaration): string {
  return resource.routes?.list ?? '/';
}

/** The fields a form offers, in order: the declaration's `form.fields` or sections, else every field. */
function formFields(resource: ResourceDeclaration): [string, FieldDeclaration][] {
  const sections = resource.form?.sections;
  const names = sections
    ? sections.flatMap((section) => section.fields)
    : (resource.form?.fields ?? Object.keys(resource.fields));
  return names.map((name) => [name, resource.fields[name]!]);
}

/** The form's inputs, under their sections' titles when the declaration groups them. */
function FormInputs({ resource }: GeneratedFormScreenProps) {
  const text = useResourceText(resource);
  const sections = resource.form?.sections;
  if (!sections) return <>{formFields(resource).map(([name, decl]) => formInput(name, decl, resource))}</>;
  return (
    <>
      {sections.map((section, index) => (
        <Box
          component="section"
          key={section.title}
          aria-labelledby={`${resource.name}-section-${index}`}
          sx={{ width: '100%', mb: 1 }}
        >
          <Typography
            id={`${resource.name}-section-${index}`}
            variant="h6"
            component="h2"
            sx={{ mt: index === 0 ? 0 : 2, mb: 1 }}
          >
            {text(`form.section.${index}`)}
          </Typography>
          {section.fields.map((name) => formInput(name, resource.fields[name]!, resource))}
        </Box>
      ))}
    </>
  );
}

/** How a save ended: the sentence of its success, or of its failure. */
interface Outcome {
  done?: string;
  failed?: string;
}

/**
 * Holds Save for the area's question (`confirm`): the press is stopped, the form validated, and the question
 * mounted with the values; its answer presses Save again, this time let through, or leaves the form as it is.
 */
function useConfirmedSave(confirm: ConfirmSave | undefined, mode: FormMode) {
  const form = useFormContext();
  const button = useRef<HTMLButtonElement>(null);
  const approved = useRef(false);
  const [waiting, setWaiting] = useState<{ values: Record<string, unknown>; press: number }>();
  const proceed = useCallback(() => {
    setWaiting(undefined);
    approved.current = true;
    button.current?.click();
  }, []);
  const cancel = useCallback(() => setWaiting(undefined), []);
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (!confirm) return;
    if (approved.current) {
      approved.current = false;
      return;
    }
    event.preventDefault();
    void form.handleSubmit((values) => setWaiting((before) => ({ values, press: (before?.press ?? 0) + 1 })))();
  };
  const Question = confirm;
  const question =
    Question && waiting ? (
      <Question key={waiting.press} mode={mode} values={waiting.values} proceed={proceed} cancel={cancel} />
    ) : null;
  return { button, onClick, question };
}

function FormToolbar({
  resource,
  mode,
  done: saved,
  confirmSave,
}: GeneratedFormScreenProps & { mode: FormMode; done: boolean; confirmSave?: ConfirmSave }) {
  const translate = useTranslate();
  const text = useResourceText(resource);
  const done = saved && !resource.singleton;
  const confirmed = useConfirmedSave(confirmSave, mode);
  return (
    <Toolbar>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {/* Once saved, the form waits to go back: a second click would save twice. */}
        <SaveButton
          ref={confirmed.button}
          onClick={confirmSave ? confirmed.onClick : undefined}
          label={mode === 'create' ? translate('ra.action.save') : text('form.update')}
          alwaysEnable={!done}
          disabled={done}
        />
        {confirmed.question}
        {resource.singleton ? null : (
          <Button component={Link} label={translate('ra.action.cancel')} to={listRouteOf(resource)}>
            <CloseIcon />
          </Button>
        )}
      </Box>
    </Toolbar>
  );
}

/**
 * The first sentence of a field's error: react-admin's validation gives `{ message: { message } }`, an error the
 * server sent `{ message }`, and a list of items an array of its items' errors.
 */
function firstMessage(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (message && typeof message === 'object') return firstMessage(message);
  for (const inner of Object.values(error)) {
    const found = firstMessage(inner);
    if (found) return found;
  }
  return undefined;
}

/**
 * One sentence above the form, a person can dismiss the red ones: a save that went through; else a save that
 * did not, in the declaration's words; else, after a submit the form itself stopped, its first problem in the
 * order of the form (the spec's gallery forms speak this way: "Please fill all required fields."). Each field's
 * own problem also stays under it.
 */
function FormOutcome({ resource, outcome }: GeneratedFormScreenProps & { outcome: Outcome }) {
  const { errors, isSubmitting } = useFormState();
  // Submits are counted here: react-admin resets the form (and react-hook-form's submitCount) when a saved
  // record comes back, and an outcome must stay with the submit that made it.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (isSubmitting) setAttempt((n) => n + 1);
  }, [isSubmitting]);
  const [dismissed, setDismissed] = useState(-1);
  const [outcomeAt, setOutcomeAt] = useState(-1);
  useEffect(() => {
    if (outcome.done || outcome.failed) setOutcomeAt(attempt);
    // Only a new outcome records its submit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome]);
  const translate = useTranslate();
  const current = outcomeAt === attempt;
  if (outcome.done && current) {
    return (
      <Alert severity="success" role="status" sx={{ mb: 2, width: '100%' }}>
        {outcome.done}
      </Alert>
    );
  }
  const failure = outcome.failed && current ? outcome.failed : undefined;
  const first = formFields(resource)
    .map(([name]) => firstMessage(errors[name]))
    .find((message): message is string => message !== undefined && message !== '');
  const sentence = failure ?? (first ? translate(first, { _: first }) : undefined);
  if (attempt === 0 || !sentence || dismissed === attempt) return null;
  return (
    <Alert severity="error" onClose={() => setDismissed(attempt)} sx={{ mb: 2, width: '100%' }}>
      {sentence}
    </Alert>
  );
}

/** The sentence when a dropdown's choices could not be loaded: the declaration's, or the generated one. */
function useChoicesFailureText(resource: ResourceDeclaration) {
  const text = useResourceText(resource);
  const generated = useGeneratedText();
  return (error: unknown) => {
    const which = isServerAnswer(error) ? 'refused' : 'unanswered';
    for (const key of [`form.choicesFailed.${which}`, 'form.choicesFailed.refused'])
      if (hasResourceText(resource, key)) return text(key);
    return generated('choicesFailed');
  };
}

/**
 * When the record is read again (the list's copy first, then the server's), what the person has already changed
 * stays: only untouched fields take the fresher value. Without this a slow answer wiped what was typed.
 */
const KEEP_TYPED = { keepDirtyValues: true } as const;

function GeneratedForm({
  resource,
  mode,
  outcome,
  confirmSave,
}: GeneratedFormScreenProps & { mode: FormMode; outcome: Outcome; confirmSave?: ConfirmSave }) {
  const text = useResourceText(resource);
  // The edit form may say an emptied field differently (spec section 5: 'Department Name is required!').
  const validate = useCallback(
    (values: Record<string, unknown>): FormErrors => {
      const errors = formErrors(resource, values);
      if (mode !== 'edit') return errors;
      for (const field of Object.keys(resource.form?.editRequired ?? {})) {
        const decl = resource.fields[field];
        if (decl && errors[field] === requiredMessage(decl)) errors[field] = text(`form.editRequired.${field}`);
      }
      return errors;
    },
    [resource, mode, text],
  );
  const [choicesError, setChoicesError] = useState<unknown>(undefined);
  const report = useCallback((error: unknown) => setChoicesError((known: unknown) => known ?? error), []);
  const choicesFailure = useChoicesFailureText(resource);
  return (
    <ChoicesFailureContext.Provider value={report}>
      {/* The form's own alert says what is wrong; react-admin's "The form is not valid" toast would repeat it. */}
      <SimpleForm
        validate={validate}
        resetOptions={KEEP_TYPED}
        disableInvalidFormNotification
        toolbar={
          <FormToolbar resource={resource} mode={mode} done={outcome.done !== undefined} confirmSave={confirmSave} />
        }
      >
        {choicesError ? (
          <Alert severity="error" sx={{ mb: 2, width: '100%' }}>
            {choicesFailure(choicesError)}
          </Alert>
        ) : null}
        <FormOutcome resource={resource} outcome={outcome} />
        <FormInputs resource={resource} />
      </SimpleForm>
    </ChoicesFailureContext.Provider>
  );
}

/**
 * What a save leads to: on success the sentence, then the list after the declared delay (the timer goes with the
 * screen); on failure the sentence of spec section 8: the server's own words when it refused with some (unless the
 * declaration says otherwise), the declaration's, or the generated ones.
 */
function useSaveOutcome(resource: ResourceDeclaration, mode: FormMode) {
  const text = useResourceText(resource);
  const generated = useGeneratedText();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const delay = resource.form?.returnAfterMs?.[mode] ?? RETURN_AFTER_MS;

  const onSuccess = useCallback(() => {
    setOutcome({ done: text(mode === 'create' ? 'created' : 'updated') });
    clearTimeout(timer.current);
    // A one-record resource's form is its page: it stays, ready for the next change.
    if (!resource.singleton) timer.current = setTimeout(() => navigate(listRouteOf(resource)), delay);
  }, [text, mode, navigate, resource, delay]);

  const onError = useCallback(
    (error: unknown) => {
      const declared = resource.form?.failure?.[mode];
      const key = (which: string) => `form.failure.${mode}.${which}`;
      let failed: string;
      if (isServerAnswer(error)) {
        const own = declared?.serverWords === false ? undefined : serverMessage(error);
        failed = own ?? (hasResourceText(resource, key('refused')) ? text(key('refused')) : generated('saveRefused'));
      } else {
        failed = hasResourceText(resource, key('unanswered'))
          ? text(key('unanswered'))
          : (serverMessage(error) ?? generated('saveUnanswered'));
      }
      setOutcome({ failed });
    },
    [resource, mode, text, generated],
  );
  return { outcome, onSuccess, onError };
}

export function GeneratedCreate({ resource, confirmSave }: GeneratedFormScreenProps & { confirmSave?: ConfirmSave }) {
  const text = useResourceText(resource);
  const { outcome, onSuccess, onError } = useSaveOutcome(resource, 'create');
  const transform = useCallback((values: Record<string, unknown>) => writableValues(resource, values), [resource]);
  return (
    <Create
      resource={resource.name}
      title={text('title.create')}
      redirect={false}
      mutationOptions={{ onSuccess, onError }}
      transform={transform}
    >
      <GeneratedForm resource={resource} mode="create" outcome={outcome} confirmSave={confirmSave} />
    </Create>
  );
}

export function GeneratedEdit({
  resource,
  id,
  confirmSave,
}: GeneratedFormScreenProps & { id: Identifier; confirmSave?: ConfirmSave }) {
  const text = useResourceText(resource);
  const { outcome, onSuccess, onError } = useSaveOutcome(resource, 'edit');
  const notify = useNotify();
  const navigate = useNavigate();
  const transform = useCallback((values: Record<string, unknown>) => writableValues(resource, values), [resource]);
  const notFound = text('notFound');
  return (
    <Edit
      resource={resource.name}
      id={id}
      title={text(resource.singleton ? 'title.list' : 'title.edit')}
      redirect={false}
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess, onError }}
      queryOptions={{
        retry: false,
        onError: (error: Error) => {
          const message = serverMessage(error) ?? notFound;
          notify(message, { type: 'error', messageArgs: { _: message } });
          if (!resource.singleton) navigate(listRouteOf(resource), { replace: true });
        },
      }}
      transform={transform}
    >
      <GeneratedForm resource={resource} mode="edit" outcome={outcome} confirmSave={confirmSave} />
    </Edit>
  );
}

/** The id of the item passed in navigation state: `{ id }`, `{ record: { id } }` or `{ <anything>: { id } }`. */
export function idFromState(state: unknown): Identifier | undefined {
  if (state === null || typeof state !== 'object') return undefined;
  const value = state as Record<string, unknown>;
  const isId = (candidate: unknown): candidate is Identifier =>
    (typeof candidate === 'number' && Number.isFinite(candidate)) ||
    (typeof candidate === 'string' && candidate !== '');
  if (isId(value.id)) return value.id;
  for (const item of Object.values(value)) {
    if (item !== null && typeof item === 'object' && isId((item as RaRecord).id)) return (item as RaRecord).id;
  }
  return undefined;
}

/** `<edit>/:id`, or `<edit>` with the item in navigation state; otherwise back to the list. */
export function GeneratedEditRoute({
  resource,
  confirmSave,
}: GeneratedFormScreenProps & { confirmSave?: ConfirmSave }) {
  const params = useParams();
  const location = useLocation();
  const id = params.id ?? idFromState(location.state);
  if (id === undefined || id === '') return <Navigate to={listRouteOf(resource)} replace />;
  return <GeneratedEdit key={String(id)} resource={resource} id={id} confirmSave={confirmSave} />;
}
