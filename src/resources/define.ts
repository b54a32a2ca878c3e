/**
 * The resource declaration: one object per resource, from which the server derives its table, REST routes,
 * validation and OpenAPI description, and the admin derives its screens and data-provider routing.
 *
 * Isomorphic: nothing here may import server-only or browser-only code.
 */
import { saidKeyField, saidValuesField, say } from './sentences.ts';

export type Provider = 'rest' | 'legacy-v1' | 'memory';

interface FieldBase {
  /** The label shown on screens and used in messages ("Country Name is required."). */
  label: string;
  /** Required on create; the message when it is missing. `true` means "<label> is required.". */
  required?: boolean | string;
  /** Shown as a column in the generated list (default true). */
  inList?: boolean;
  /** Other rows may filter on this field exactly (default: true for enums and references). */
  filterable?: boolean;
  /** Allowed as a sort key (default true). */
  sortable?: boolean;
  /** Give the column a database index (references always get one). */
  index?: boolean;
  /** Set by the server (a stored photo's path, a linked account), never from a client's body. */
  readOnly?: boolean;
  /** What screens show while the field is empty (a donation's transaction id: "Not Available"). */
  emptyText?: string;
}

export interface TextField extends FieldBase {
  kind: 'text';
  maxLength?: number;
  minLength?: number;
  /** Searched by the `q` filter, case-insensitively (default true). */
  searchable?: boolean;
  multiline?: boolean;
  /** A regular expression the value must match, with the message shown otherwise. */
  pattern?: { source: string; message: string };
  /** Stored in upper case (codes). */
  upperCase?: boolean;
  /** Unique across the table; the message for a duplicate. */
  unique?: string;
  /**
   * With `unique`: two values that differ only in letter case or surrounding spaces are the same ("Finance" and
   * " finance "); a unique index on lower(btrim(value)) instead of a plain constraint.
   */
  uniqueIgnoringCase?: boolean;
  /** The value a new record starts with ("9:00 AM - 6:00 PM, Mon - Sat"). */
  default?: string;
  /**
   * The name of the account that created the record (the author of a news item), set by the server on create;
   * the field must also be `readOnly`. The account itself is the record's `created_by`, which Self scope follows.
   */
  author?: boolean;
  /**
   * The server writes the text from a sentence of STORED (src/resources/sentences.ts): the record keeps its key and
   * values beside it, in `<field>_key` (text) and `<field>_values` (JSON), which the API answers after the field and
   * no client writes; screens say the sentence in the reader's language, and the text stays the English.
   */
  said?: boolean;
}

/** The colours of the badges that show enum values (MUI's palette names). */
export type BadgeColour = 'success' | 'warning' | 'error' | 'info' | 'primary' | 'secondary' | 'default';

export interface EnumField extends FieldBase {
  kind: 'enum';
  values: readonly string[];
  default?: string;
  /** The badge colour of each value in lists and show screens (default: Active green, Inactive red, others grey). */
  badges?: Readonly<Record<string, BadgeColour>>;
  /** Values that only the server gives (a donation becomes Cancelled through Cancel Donation): forms do not offer them. */
  serverValues?: readonly string[];
}

export interface ReferenceField extends FieldBase {
  kind: 'reference';
  /** The referenced resource's name. */
  reference: string;
  /** The field of the referenced record shown in place of its id. */
  display: string;
  /**
   * The referenced record must belong to the record's own `field` through its `through` field
   * (a city's state must be in the city's country: `{ field: 'country_id', through: 'country_id' }`).
   */
  within?: { field: string; through: string };
  /** At most one record per referenced record; the message for a second one. */
  unique?: string;
}

export interface IntegerField extends FieldBase {
  kind: 'integer';
  min?: number;
  max?: number;
  /** A link to a sign-in account (a table of the server's own, not a declared resource), one per record. */
  account?: boolean;
  /** An amount in whole rupees: screens show it with the rupee sign and Indian grouping (₹1,50,000). */
  rupees?: boolean;
}

export interface BooleanField extends FieldBase {
  kind: 'boolean';
  default?: boolean;
  /**
   * How screens and files say the two values, in place of Yes and No (a user's Active and Inactive): a list shows
   * them as a chip coloured as the badges of those words are (Active green, Inactive red), an export writes them,
   * and an import reads them back.
   */
  words?: { true: string; false: string };
}

/** A calendar day, `YYYY-MM-DD`. */
export interface DateField extends FieldBase {
  kind: 'date';
}

/** An instant, ISO 8601 with its offset (`2026-11-22T10:30:00+05:30`). */
export interface DateTimeField extends FieldBase {
  kind: 'datetime';
  /** Filled with the time of creation when left out. */
  defaultNow?: boolean;
}

/** The permission matrix: feature → sub-feature → scope (Self, Global) → capability (View, Add, Edit, Delete). */
export interface PermissionsField extends FieldBase {
  kind: 'permissions';
}

/**
 * An uploaded image, or a list of them (`multiple`). The value is the public path the upload route answered
 * (`/uploads/images/<32 hex>.<jpg|png|webp>`); its responsive variants follow from it (`imageVariants`). With
 * `allowUrl`, an `https://` address of an image elsewhere is taken as well (shown as given, never fetched).
 */
export interface ImageField extends FieldBase {
  kind: 'image';
  multiple?: boolean;
  /** At most this many images in a list (default 20). */
  maxItems?: number;
  allowUrl?: boolean;
}

/** An uploaded file: a video (MP4, WebM) or a document (PDF). With `allowUrl`, an `https://` address instead. */
export interface FileField extends FieldBase {
  kind: 'file';
  accept: readonly FileType[];
  allowUrl?: boolean;
}

export type FileType = 'mp4' | 'webm' | 'pdf';

/** Formatted text (HTML), edited with the admin's rich-text editor and cleaned by the server's allow-list. */
export interface RichTextField extends FieldBase {
  kind: 'richText';
  /** Characters of the stored HTML (default 100,000). */
  maxLength?: number;
  /** Searched by the `q` filter (default false: the markup would match). */
  searchable?: boolean;
}

/**
 * A web address (`http://` or `https://`). With `video`, YouTube and Vimeo links are recognised (videoLink); with
 * `image`, only an `https://` address is taken (media.ts: isImageAddress).
 */
export interface UrlField extends FieldBase {
  kind: 'url';
  video?: boolean;
  /**
   * The address of an image (an album's picture on another site), `https://` only: shown as the image, never
   * fetched by the server.
   */
  image?: boolean;
}

/** The fields an item of a list of items may have. */
export type ItemFieldDeclaration = TextField | ImageField | FileField | UrlField;

/**
 * A list of items, each with fields of its own (an event's extra images, each with a title and its files; an
 * album's items, each with a description and several files or an address). Stored as a JSON array. Sentences may
 * name the item's place with `{n}` ("Please enter description for image #{n}.").
 */
export interface ItemsField extends FieldBase {
  kind: 'items';
  fields: Record<string, ItemFieldDeclaration>;
  /** At most this many items (default 50). */
  maxItems?: number;
  /** What one item is called on screens ("Image"): "Add Image", "Image #2". */
  itemLabel: string;
  /** Each item must give at least one of these fields; the sentence when it gives none. */
  oneOf?: { fields: readonly string[]; message: string };
  /**
   * The record's own item, first in the show screen's "All <label>" grid, before the further items (a video album's
   * own video, under its thumbnail and its title): fields of the record, not of an item. `media` is what the card
   * shows (a file or url field), `picture` an image field shown for it, `caption` a text field that names it.
   */
  lead?: { media: string; picture?: string; caption?: string };
}

export type FieldDeclaration =
  | ItemsField
  | TextField
  | EnumField
  | ReferenceField
  | IntegerField
  | BooleanField
  | DateField
  | DateTimeField
  | PermissionsField
  | ImageField
  | FileField
  | RichTextField
  | UrlField;

/** Fields whose values name uploaded files. */
export type UploadField = ImageField | FileField;

export function isUploadField(decl: FieldDeclaration | ItemFieldDeclaration): decl is UploadField {
  return decl.kind === 'image' || decl.kind === 'file';
}

/** Whether a field's values may name uploads (an image or file field, or items with one). */
export function holdsUploads(decl: FieldDeclaration): boolean {
  return isUploadField(decl) || (decl.kind === 'items' && Object.values(decl.fields).some(isUploadField));
}

/**
 * The writable upload field a path names: `image`, or `images.files` for the files of a list's items. Undefined
 * for anything else (an unknown, read-only or non-upload field).
 */
export function uploadFieldAt(resource: ResourceDeclaration, path: string): UploadField | undefined {
  const [name, inner, ...rest] = path.split('.');
  if (!name || rest.length > 0 || !Object.hasOwn(resource.fields, name)) return undefined;
  const decl = resource.fields[name]!;
  if (decl.readOnly) return undefined;
  if (inner === undefined) return isUploadField(decl) ? decl : undefined;
  if (decl.kind !== 'items' || !Object.hasOwn(decl.fields, inner)) return undefined;
  const itemField = decl.fields[inner]!;
  return isUploadField(itemField) ? itemField : undefined;
}

/**
 * What a save that did not go through says (spec section 8): `refused` when the server said no without a sentence
 * of its own (or always, when `serverWords` is false), `unanswered` when no answer came at all.
 */
export interface SaveFailure {
  refused?: string;
  unanswered?: string;
  /** Whether a refusal shows the server's own sentence when it gave one (default true). */
  serverWords?: boolean;
}

/**
 * What a delete that did not go through says: `refused` when the server said no, `{message}` standing for its own
 * sentence (default: its sentence alone), `unexplained` in place of that sentence when it gave none, and `unanswered`
 * when no answer came at all (default: as a refusal).
 */
export interface DeleteFailure {
  refused?: string;
  unexplained?: string;
  unanswered?: string;
}

/** How the generated create and edit forms behave, where the spec gives a resource words or timings of its own. */
export interface FormDeclaration {
  /** The fields the forms offer, in order (default: every field that is not read-only); the others keep their default. */
  fields?: readonly string[];
  /** The same, in titled groups (a long form: the trust's settings); the form shows each title above its fields. */
  sections?: readonly { title: string; fields: readonly string[] }[];
  /** The edit form's save button (default "Save"). */
  updateLabel?: string;
  /**
   * After a successful save the form says so and goes back to the list after this many milliseconds (spec section 9:
   * 2000 by default).
   */
  returnAfterMs?: { create?: number; edit?: number };
  failure?: { create?: SaveFailure; edit?: SaveFailure };
  /** The edit form's sentence for an emptied required field, where it differs from the add form's. */
  editRequired?: Record<string, string>;
  /** What the form says when a dropdown's choices cannot be loaded (one sentence for all of its dropdowns). */
  choicesFailed?: { refused: string; unanswered?: string };
}

/** The icons a declaration may name for its menu entry (the admin maps each to its MUI icon). */
export type MenuIcon =
  | 'article'
  | 'campaign'
  | 'event'
  | 'flag'
  | 'image'
  | 'language'
  | 'location'
  | 'map'
  | 'newspaper'
  | 'video'
  | 'description'
  | 'settings'
  | 'slideshow'
  | 'groups'
  | 'schedule';

/** The sidebar groups a declaration may place its entry in (src/admin/layout/menu.ts lays them out). */
export type MenuGroupId = 'master-data' | 'media' | 'gallery' | 'website';

/**
 * What the public website may read of a resource: the rows whose `where` fields hold the given values and whose
 * `notAfterNow` field (a date or instant) has come, and of them only `fields`.
 */
export interface PublicRead {
  where?: Record<string, string | boolean>;
  notAfterNow?: string;
  fields: readonly string[];
  /** The order of the public list (default: `notAfterNow` newest first, else id). */
  sort?: { field: string; order: 'ASC' | 'DESC' };
}

export interface ResourceDeclaration {
  /** Table name and react-admin resource name: `countries`. */
  name: string;
  /** The path segment on /api/v2 when it differs from the name (`role-permissions`). */
  path?: string;
  label: { one: string; many: string };
  /** Which data provider the admin uses for it. */
  provider: Provider;
  /** Permission matrix position: feature → sub-feature. */
  permission: { feature: string; subFeature: string };
  fields: Record<string, FieldDeclaration>;
  /**
   * Values a create takes that are not fields of the record (a sign-in password): the server takes them out of
   * the body before validation and keeps them out of the table, the audit trail and every answer; the memory
   * provider drops them.
   */
  writeOnly?: readonly string[];
  list: {
    pageSize: number;
    /** The spec's empty-list sentence. */
    empty: string;
    sort: { field: string; order: 'ASC' | 'DESC' };
    /** Fields offered as filters in the list (besides the `q` search). */
    filters?: string[];
    searchPlaceholder?: string;
    /**
     * An instant field (`created_at` or a datetime field) the list narrows by calendar days of the trust's time zone:
     * From and To inputs, and the filter keys `<field>_gte` and `<field>_lte` (`YYYY-MM-DD`, both inclusive).
     */
    dateRange?: string;
    /** A boolean field that says a record has been seen: while it is false the record is new (bold, a New badge). */
    seenFlag?: string;
    /**
     * The table's columns, in order: declared fields and `created_at` (default: every field shown in lists, then
     * `created_at`).
     */
    columns?: readonly string[];
    /** A column's header where it is not its field's label (a reference shown by its name: "Department Name"). */
    headers?: Readonly<Record<string, string>>;
    /** The header of the buttons' column (default "Action"). */
    actionHeader?: string;
    /** The list's heading where it is not the resource's plural name (the spec's "User List"). */
    title?: string;
    /** The header of the row number's column (default "S.No"). */
    numberHeader?: string;
    /**
     * The declared enum filters as menus in the toolbar ("User Type: All", then All and each value), instead of
     * inputs beside the search.
     */
    filterMenus?: boolean;
    /**
     * A dropdown in the list's toolbar offering All and each value of this text field that exists, once, filtering on
     * it exactly ("Filter: HR"); `cancel` adds a Cancel entry that closes it and changes nothing.
     */
    nameFilter?: { field: string; cancel?: boolean };
    /**
     * A chip beside a field's value in each row whose `when` (a count or a flag the list's rows carry) is above 0 or
     * true: a department's "Has Related Designations".
     */
    rowChip?: { field: string; when: string; label: string; colour?: BadgeColour };
  };
  /** Admin routes. `aliases` are quirky spellings from the spec that redirect to the canonical route. */
  routes?: {
    list: string;
    create?: string;
    edit?: string;
    /**
     * A list row's Edit goes to the edit route itself with the record in navigation state (the spec's
     * `/department/edit`), not to `<edit>/<id>`; the edit screen answers both.
     */
    editInState?: boolean;
    show?: string;
    aliases?: Record<string, string>;
    /**
     * Further screens of one record that an area builds, by name (a donation's printable receipt): each answers its
     * path and `<path>/:id`, for accounts that may view the resource; the area supplies it (CustomScreens.screens).
     */
    screens?: Record<string, string>;
  };
  /** Sentences of the generated screens. */
  messages?: {
    deleteConfirm?: string;
    /** The answer for a missing record (default "<Label> not found."). */
    notFound?: string;
    /** What a delete that did not go through says (see DeleteFailure). */
    deleteFailure?: DeleteFailure;
    /** What a record's view says when it has no record to show; each defaults to notFound. */
    show?: {
      /** No id in the address nor in navigation state. */
      missingId?: string;
      /** The server refused without a sentence of its own. */
      refused?: string;
      /** The server could not be reached. */
      unanswered?: string;
      /** The server answered, with nothing. */
      noData?: string;
    };
  };
  /**
   * The resource is one record (the trust's settings): id 1, made by its migration, read and changed but never
   * added or deleted. Its list route shows its edit form; its place in the matrix offers View and Edit only.
   */
  singleton?: boolean;
  /**
   * Each record belongs to one account, named by this read-only integer field (a notification's recipient): every
   * signed-in account lists, reads, changes and deletes its own records and nobody else's, an Admin too, whatever
   * the permission matrix says. The matrix is not asked, so the resource adds no entry to its catalogue.
   */
  ownedBy?: string;
  /** Records are written by the server only (notifications): the API refuses to add one (405). */
  serverWritten?: boolean;
  /** The generated forms' own words and timings (see FormDeclaration). */
  form?: FormDeclaration;
  /** Rules between fields, checked after each field's own. */
  rules?: { field: string; notBefore: string; message: string }[];
  /** The sidebar entry of the resource's list (a resource without one is reached from elsewhere). */
  menu?: { group?: MenuGroupId; label: string; icon: MenuIcon };
  /** What the public website may read (see PublicRead); without it, nothing. */
  publicRead?: PublicRead;
  /**
   * Records of other resources that keep one of this resource from being deleted, with the sentence that says so
   * (a department that still has designations).
   */
  deleteBlockedBy?: {
    resource: string;
    field: string;
    message: string;
    /**
     * The field of the list's rows that counts these records (`designation_count`, which the /api/v1 list carries),
     * and the sentence of the dialog that Delete opens while it is above 0, instead of asking and offering a delete.
     */
    listed?: { count: string; dialog: string };
  }[];
  /**
   * Records whose `field` holds a value are never deleted (a donation with a receipt number): lists offer no Delete
   * for them and the server refuses with the sentence (409), `{value}` standing for the field's value.
   */
  keepWhenSet?: { field: string; message: string };
}

/** The field naming the account a record belongs to: its `ownedBy` field, else its creator (Self scope). */
export function ownerField(resource: ResourceDeclaration): string {
  return resource.ownedBy ?? 'created_by';
}

/** The resource's path segment on /api/v2 and its name in `Content-Range`. */
export function apiPath(resource: ResourceDeclaration): string {
  return resource.path ?? resource.name;
}

export const SYSTEM_FIELDS = ['id', 'created_at', 'updated_at', 'created_by'] as const;

/** The columns a field declared `said` keeps beside it: its sentence's key and values (none for other fields). */
export function saidColumns(name: string, decl: FieldDeclaration): string[] {
  return decl.kind === 'text' && decl.said ? [saidKeyField(name), saidValuesField(name)] : [];
}

/**
 * A record's fields as the API gives them, in order: the id, the declared fields (each `said` one followed by its
 * sentence's key and values), then the system fields.
 */
export function recordFields(resource: ResourceDeclaration): string[] {
  return [
    'id',
    ...Object.entries(resource.fields).flatMap(([name, decl]) => [name, ...saidColumns(name, decl)]),
    'created_at',
    'updated_at',
    'created_by',
  ];
}

/**
 * The fields a list's rows carry in the admin: all but the rich text that the list does not show (an article's
 * body), which its show and edit screens read with the record. Row buttons and flags may read any other field.
 */
export function listRowFields(resource: ResourceDeclaration): string[] {
  return recordFields(resource).filter((name) => {
    const decl = resource.fields[name];
    return !(decl?.kind === 'richText' && decl.inList === false);
  });
}

const declared = new WeakSet<object>();

/** Whether a value is a declaration made by defineResource (the registry's other exports are not). */
export function isDeclared(value: unknown): value is ResourceDeclaration {
  return typeof value === 'object' && value !== null && declared.has(value);
}

export function defineResource<const R extends ResourceDeclaration>(declaration: R): R {
  for (const [field, decl] of Object.entries(declaration.fields)) {
    if ((SYSTEM_FIELDS as readonly string[]).includes(field)) {
      throw new Error(`Resource ${declaration.name}: field "${field}" is a system field.`);
    }
    if (!/^[a-z][a-z0-9_]*$/.test(field)) {
      throw new Error(`Resource ${declaration.name}: field "${field}" must be snake_case.`);
    }
    if (decl.kind === 'enum' && decl.default !== undefined && !decl.values.includes(decl.default)) {
      throw new Error(`Resource ${declaration.name}: default of "${field}" is not one of its values.`);
    }
    for (const column of saidColumns(field, decl))
      if (Object.hasOwn(declaration.fields, column))
        throw new Error(`Resource ${declaration.name}: "${column}" is the sentence column of "${field}" (said).`);
    if (decl.kind === 'items' && decl.lead) {
      const { media, picture, caption } = decl.lead;
      const kinds: [string | undefined, readonly string[]][] = [
        [media, ['file', 'url']],
        [picture, ['image']],
        [caption, ['text']],
      ];
      for (const [name, allowed] of kinds)
        if (name !== undefined && !allowed.includes(declaration.fields[name]?.kind ?? ''))
          throw new Error(
            `Resource ${declaration.name}: the lead of "${field}" names "${name}", not a ${allowed.join(' or ')} field.`,
          );
    }
  }
  const known = new Set<string>([...SYSTEM_FIELDS, ...Object.keys(declaration.fields)]);
  const read = declaration.publicRead;
  if (read) {
    for (const field of [
      ...read.fields,
      ...Object.keys(read.where ?? {}),
      ...(read.notAfterNow ? [read.notAfterNow] : []),
    ])
      if (!known.has(field))
        throw new Error(`Resource ${declaration.name}: publicRead names unknown field "${field}".`);
  }
  const form = declaration.form;
  for (const field of [
    ...(form?.fields ?? []),
    ...(form?.sections ?? []).flatMap((section) => section.fields),
    ...Object.keys(form?.editRequired ?? {}),
  ]) {
    if (!Object.hasOwn(declaration.fields, field))
      throw new Error(`Resource ${declaration.name}: form names unknown field "${field}".`);
  }
  if (declaration.ownedBy !== undefined) {
    const owner = declaration.fields[declaration.ownedBy];
    if (owner?.kind !== 'integer' || !owner.readOnly)
      throw new Error(`Resource ${declaration.name}: ownedBy must name a read-only integer field (an account id).`);
  }
  if (declaration.keepWhenSet && !Object.hasOwn(declaration.fields, declaration.keepWhenSet.field))
    throw new Error(
      `Resource ${declaration.name}: keepWhenSet names unknown field "${declaration.keepWhenSet.field}".`,
    );
  const { dateRange, seenFlag } = declaration.list;
  if (dateRange !== undefined && dateRange !== 'created_at' && declaration.fields[dateRange]?.kind !== 'datetime')
    throw new Error(`Resource ${declaration.name}: list.dateRange must name created_at or a datetime field.`);
  if (seenFlag !== undefined && declaration.fields[seenFlag]?.kind !== 'boolean')
    throw new Error(`Resource ${declaration.name}: list.seenFlag must name a boolean field.`);
  const { columns, headers, nameFilter, rowChip } = declaration.list;
  const columnNames = new Set(columns ?? [...Object.keys(declaration.fields), 'created_at']);
  for (const column of [...(columns ?? []), ...Object.keys(headers ?? {})])
    if (column !== 'created_at' && !Object.hasOwn(declaration.fields, column))
      throw new Error(`Resource ${declaration.name}: list names unknown column "${column}".`);
  for (const [option, field] of [
    ['nameFilter', nameFilter?.field],
    ['rowChip', rowChip?.field],
  ] as const)
    if (field !== undefined && (declaration.fields[field]?.kind !== 'text' || !columnNames.has(field)))
      throw new Error(`Resource ${declaration.name}: list.${option} must name a text field of the list's columns.`);
  if (declaration.list.filterMenus)
    for (const name of declaration.list.filters ?? [])
      if (declaration.fields[name]?.kind !== 'enum')
        throw new Error(
          `Resource ${declaration.name}: list.filterMenus offers enum filters only; "${name}" is not one.`,
        );
  if (form?.fields && form.sections)
    throw new Error(`Resource ${declaration.name}: a form has fields or sections, not both.`);
  declared.add(declaration);
  return declaration;
}

/** The id of a singleton's one record. */
export const SINGLETON_ID = 1;

/** The milliseconds a generated form waits, after saying a save went through, before it goes back to the list. */
export const RETURN_AFTER_MS = 2000;

export function requiredMessage(decl: FieldDeclaration | ItemFieldDeclaration): string | undefined {
  if (decl.required === undefined || decl.required === false) return undefined;
  return decl.required === true ? say('required', { label: decl.label }) : decl.required;
}

export function isFilterable(decl: FieldDeclaration): boolean {
  return decl.filterable ?? (decl.kind === 'enum' || decl.kind === 'reference' || decl.kind === 'boolean');
}

export function isSearchable(decl: FieldDeclaration): boolean {
  if (decl.kind === 'richText') return decl.searchable ?? false;
  return decl.kind === 'text' && (decl.searchable ?? true);
}

export function isSortable(decl: FieldDeclaration): boolean {
  return (
    decl.sortable ??
    !(decl.kind === 'image' || decl.kind === 'file' || decl.kind === 'richText' || decl.kind === 'items')
  );
}

/** Fields a client may sort on: declared sortable fields plus the system fields. */
export function sortableFields(resource: ResourceDeclaration): string[] {
  return [
    ...SYSTEM_FIELDS,
    ...Object.entries(resource.fields)
      .filter(([, decl]) => isSortable(decl))
      .map(([name]) => name),
  ];
}

export function searchableFields(resource: ResourceDeclaration): string[] {
  return Object.entries(resource.fields)
    .filter(([, decl]) => isSearchable(decl))
    .map(([name]) => name);
}

export function filterableFields(resource: ResourceDeclaration): string[] {
  return Object.entries(resource.fields)
    .filter(([, decl]) => isFilterable(decl))
    .map(([name]) => name);
}
