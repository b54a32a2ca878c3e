/**
 * The generated form's inputs and the list's filter inputs, one per declared field. A reference's choices come
 * from the data provider (so from the server); a reference declared `within` another field (a city's state
 * within the city's country) offers only the rows of the chosen owner, and is cleared when the owner changes.
 * Images and files are uploaded as they are chosen (upload.tsx); a list of items repeats its fields (items.tsx).
 */
import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense, type ReactElement } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useTranslate,
  useWrappedSource,
} from 'react-admin';
import type {
  FieldDeclaration,
  ItemFieldDeclaration,
  ReferenceField,
  ResourceDeclaration,
  UrlField,
} from '../../resources/index.ts';
import { isWebAddress, videoLink } from '../../resources/media.ts';
import { findResource } from '../../resources/index.ts';
import { ReportChoicesFailure } from './choices.ts';
import { BOOLEAN_CHOICES, dependentsOf, enumChoices } from './declaration.ts';
import { ItemsInput } from './items.tsx';
import { useGeneratedText } from './messages.ts';
import { UploadInput } from './upload.tsx';

/** Enough rows for any select of master data; the server answers at most 1000 per page. */
const CHOICES_PER_PAGE = 1000;

interface InputProps {
  name: string;
  resource: ResourceDeclaration;
}

/** A datetime-local value (the browser's time zone) as an ISO instant with its offset, as the API expects. */
const toIsoInstant = (value: string) => (value ? new Date(value).toISOString() : null);

const isChosen = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Clears the fields that depend on this one (their choices belong to the old value). */
function useClearDependents(resource: ResourceDeclaration, name: string): (() => void) | undefined {
  const form = useFormContext();
  const dependents = dependentsOf(resource, name);
  if (dependents.length === 0) return undefined;
  return () => {
    for (const dependent of dependents) form.setValue(dependent, null, { shouldDirty: true });
  };
}

function ReferenceSelect({ name, resource, decl }: InputProps & { decl: ReferenceField }) {
  const clearDependents = useClearDependents(resource, name);
  const translate = useTranslate();
  const generated = useGeneratedText();
  const within = decl.within;
  const owner: unknown = useWatch({ name: within?.field ?? name });
  const ownerChosen = !within || isChosen(owner);
  const filter = within ? { [within.through]: owner } : {};
  const label = <FieldLabel resource={resource} path={name} words={decl.label} />;
  const emptyText = generated('select', { label: translate(labelKey(resource, name), { _: decl.label }) });
  if (!ownerChosen) {
    // Until the owner is chosen there is nothing to offer: a disabled select with a hint, and no request.
    const ownerWords = resource.fields[within!.field]?.label ?? within!.field;
    const ownerLabel = translate(labelKey(resource, within!.field), { _: ownerWords }).toLowerCase();
    return (
      <SelectInput
        source={name}
        label={label}
        choices={[]}
        emptyText={emptyText}
        disabled
        helperText={generated('chooseFirst', { label: ownerLabel })}
        fullWidth
      />
    );
  }
  // The choices come in the order of the referenced resource's own list (the spec's dropdowns of departments
  // follow the departments' id order), and a failed fetch is said at once, not after retries.
  const sort = findResource(decl.reference)?.list.sort ?? { field: decl.display, order: 'ASC' as const };
  return (
    <ReferenceInput
      source={name}
      reference={decl.reference}
      filter={filter}
      sort={sort}
      perPage={CHOICES_PER_PAGE}
      queryOptions={{ retry: false }}
    >
      <ReportChoicesFailure />
      <SelectInput
        label={label}
        optionText={decl.display}
        emptyText={emptyText}
        translateChoice={false}
        onChange={clearDependents}
        fullWidth
      />
    </ReferenceInput>
  );
}

function EnumSelect({ name, resource, decl }: InputProps & { decl: FieldDeclaration & { kind: 'enum' } }) {
  const clearDependents = useClearDependents(resource, name);
  return (
    <SelectInput
      source={name}
      label={<FieldLabel resource={resource} path={name} words={decl.label} />}
      choices={enumChoices(
        decl.values.filter((value) => !decl.serverValues?.includes(value)),
        resource.name,
        name,
      )}
      defaultValue={decl.default}
      onChange={clearDependents}
      fullWidth
    />
  );
}

/** The editor (tiptap and ProseMirror, a few hundred kB) is loaded by the forms that have formatted text only. */
const RichTextInput = lazy(() => import('./rich-text.tsx'));

function RichTextEditor({ source, label }: { source: string; label: ReactElement }) {
  const words = useGeneratedText();
  return (
    <Suspense fallback={<LinearProgress aria-label={words('loadingEditor')} sx={{ my: 2, width: '100%' }} />}>
      <RichTextInput source={source} label={label} />
    </Suspense>
  );
}

/** What a video link was recognised as, in words (the hint under a video address). */
export function videoHint(value: unknown, words: ReturnType<typeof useGeneratedText>): string {
  if (typeof value !== 'string' || !isWebAddress(value.trim())) return words('videoHint');
  const link = videoLink(value.trim());
  if (!link) return words('videoHintOther');
  return words('videoHintFound', { site: link.site === 'youtube' ? 'YouTube' : 'Vimeo', id: link.id });
}

function UrlInput({ source, decl, label }: { source: string; decl: UrlField; label: ReactElement }) {
  // Inside a list's items the source is relative to the item; what to watch is its full path.
  const value: unknown = useWatch({ name: useWrappedSource(source) });
  const words = useGeneratedText();
  return (
    <TextInput
      source={source}
      label={label}
      type="url"
      helperText={decl.video ? videoHint(value, words) : undefined}
      placeholder="https://"
      fullWidth
    />
  );
}

/** Where an input sits: `uploadField` names an item's field to the upload route (`images.files`). */
interface InputPlace {
  uploadField?: string;
}

/** The key of a field's label in the admin's messages; `path` is `field` or `<items field>.<inner field>`. */
export const labelKey = (resource: ResourceDeclaration, path: string) => `resources.${resource.name}.fields.${path}`;

/** A field's label from the admin's messages, the declaration's own words where they have none. */
function FieldLabel({ resource, path, words }: { resource: ResourceDeclaration; path: string; words: string }) {
  return <>{useTranslate()(labelKey(resource, path), { _: words })}</>;
}

/**
 * The form input of one declared field, or of one field of a list's items (`source` relative to the item; the
 * upload route's field given by `place`). Validation is the form's: `validateRecord`.
 */
export function formInput(
  name: string,
  decl: FieldDeclaration | ItemFieldDeclaration,
  resource: ResourceDeclaration,
  place: InputPlace = {},
): ReactElement | null {
  if (decl.readOnly) return null;
  // The label's key in the admin's messages (generator/messages.ts): `resources.<name>.fields.<field>`.
  const label = <FieldLabel resource={resource} path={place.uploadField ?? name} words={decl.label} />;
  switch (decl.kind) {
    case 'text':
      return decl.multiline ? (
        <TextInput key={name} source={name} label={label} multiline minRows={3} fullWidth />
      ) : (
        <TextInput key={name} source={name} label={label} fullWidth />
      );
    case 'enum':
      return <EnumSelect key={name} name={name} resource={resource} decl={decl} />;
    case 'reference':
      return <ReferenceSelect key={name} name={name} resource={resource} decl={decl} />;
    case 'integer':
      return <NumberInput key={name} source={name} label={label} step={1} fullWidth />;
    case 'boolean':
      return <BooleanInput key={name} source={name} label={label} defaultValue={decl.default ?? false} />;
    case 'date':
      return <DateInput key={name} source={name} label={label} fullWidth />;
    case 'datetime':
      return <DateTimeInput key={name} source={name} label={label} parse={toIsoInstant} fullWidth />;
    case 'image':
    case 'file':
      return (
        <UploadInput
          key={name}
          source={name}
          decl={decl}
          resource={resource.name}
          uploadField={place.uploadField ?? name}
          defaultValue={decl.kind === 'image' && decl.multiple ? [] : undefined}
        />
      );
    case 'richText':
      return <RichTextEditor key={name} source={name} label={label} />;
    case 'url':
      return <UrlInput key={name} source={name} decl={decl} label={label} />;
    case 'items':
      return (
        <ItemsInput
          key={name}
          source={name}
          decl={decl}
          resource={resource}
          inputOf={(inner, itemDecl) => formInput(inner, itemDecl, resource, { uploadField: `${name}.${inner}` })}
        />
      );
    case 'permissions':
      // The matrix has its own input on its resource's screens; read-only fields have none.
      return null;
  }
}

/**
 * The list filter of one declared field: a select with an "All" choice. Labels and choices are keys of the admin's
 * messages (react-admin finds `resources.<resource>.fields.<name>` by itself inside the list).
 */
export function filterInput(name: string, decl: FieldDeclaration, resource?: string): ReactElement | null {
  // The label's key in the admin's messages when the resource is known (react-admin translates it).
  const label = resource ? `resources.${resource}.fields.${name}` : decl.label;
  switch (decl.kind) {
    case 'enum':
      return (
        <SelectInput
          key={name}
          source={name}
          label={label}
          choices={enumChoices(decl.values, resource, name)}
          emptyText="generated.all"
          alwaysOn
        />
      );
    case 'boolean':
      return (
        <SelectInput
          key={name}
          source={name}
          label={label}
          choices={BOOLEAN_CHOICES}
          emptyText="generated.all"
          alwaysOn
        />
      );
    case 'reference':
      return (
        <ReferenceInput
          key={name}
          source={name}
          reference={decl.reference}
          sort={{ field: decl.display, order: 'ASC' }}
          perPage={CHOICES_PER_PAGE}
          alwaysOn
        >
          <SelectInput label={label} optionText={decl.display} emptyText="generated.all" />
        </ReferenceInput>
      );
    case 'date':
      return <DateInput key={name} source={name} label={label} alwaysOn />;
    case 'text':
    case 'integer':
    case 'datetime':
      return <TextInput key={name} source={name} label={label} alwaysOn />;
    case 'permissions':
    case 'image':
    case 'file':
    case 'richText':
    case 'url':
    case 'items':
      // Paths, markup, addresses and lists are not filtered on.
      return null;
  }
}
