/**
 * The generated show screen of a declared resource, on `<show>/:id` and on `<show>` with the item in navigation
 * state (the spec's view routes carry none): every field as a person reads it (formatted text as text, images at
 * a width that suits the screen from their variants, a video that plays, an address as a link, a list of items as
 * a grid under "All <label>", led by the record's own item where the declaration says), with Go Back, and Edit for accounts that may edit. Without an item, or for an id
 * the server does not know, the declaration's missing-data sentence ("No Image Selected") with Go Back.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  Button,
  RecordContextProvider,
  Title,
  useGetOne,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type {
  BooleanField,
  EnumField,
  FieldDeclaration,
  ItemFieldDeclaration,
  ResourceDeclaration,
} from '../../resources/index.ts';
import { useFormats } from '../i18n/format.ts';
import { imageAtWidth, srcSetOf, videoLink } from '../../resources/media.ts';
import { Allowed } from '../auth/RequireAccess.tsx';
import { badgeColour } from './badges.ts';
import { idFromState } from './form.tsx';
import { useGeneratedText, useResourceText } from './messages.ts';
import { editPath, ReferenceNameField } from './columns.tsx';
import { isServerAnswer, serverMessage } from './errors.ts';
import { carriedName } from '../providers/legacy-v1.ts';
import type { RecordActions, RecordSection } from './record-actions.ts';
import { visuallyHidden } from '../layout/visually-hidden.ts';

export interface GeneratedShowProps {
  resource: ResourceDeclaration;
  /** An area's buttons for the record, beside Back and Edit (CustomScreens.showActions). */
  actions?: RecordActions;
  /** An area's own sections of the record, after its fields (CustomScreens.showSections). */
  sections?: readonly RecordSection[];
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** An image path or address; variants of an upload let the browser take the width it needs. */
export function ResponsiveImage({ path, alt, sizes }: { path: string; alt: string; sizes: string }) {
  const uploaded = srcSetOf(path);
  return (
    <Box
      component="img"
      src={uploaded ? imageAtWidth(path, 1280) : path}
      srcSet={uploaded}
      sizes={uploaded ? sizes : undefined}
      alt={alt}
      loading="lazy"
      sx={{ display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 1 }}
    />
  );
}

/** Where a video's address leads: YouTube, Vimeo, or the other site's name. */
function siteOf(address: string): string {
  const link = videoLink(address);
  if (link) return link.site === 'youtube' ? 'YouTube' : 'Vimeo';
  try {
    return new URL(address).hostname;
  } catch {
    return address;
  }
}

/**
 * A video: an uploaded file plays here (under its `poster`, a picture's path, when given); a YouTube or Vimeo link,
 * or any other address, opens in a new tab, as a link of words or, in a grid (`thumbnail`), as a picture with a
 * play sign: the given picture, or a plain tile.
 */
function VideoValue({
  value,
  label,
  thumbnail,
  poster,
}: {
  value: string;
  label: string;
  thumbnail?: boolean;
  poster?: string;
}) {
  if (value.startsWith('/uploads/files/')) {
    if (value.endsWith('.pdf'))
      return (
        <a href={value} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      );
    return (
      <Box
        component="video"
        controls
        preload="metadata"
        src={value}
        poster={poster ? imageAtWidth(poster, 1280) : undefined}
        sx={{ maxWidth: '100%' }}
        aria-label={label}
      />
    );
  }
  const site = siteOf(value);
  if (thumbnail) {
    return (
      <Box
        component="a"
        href={value}
        target="_blank"
        rel="noopener noreferrer"
        title={value}
        sx={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
      >
        <Box
          sx={{ position: 'relative', aspectRatio: '16 / 9', borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.800' }}
        >
          {poster ? (
            <Box
              component="img"
              src={imageAtWidth(poster, 640)}
              srcSet={srcSetOf(poster)}
              sizes={srcSetOf(poster) ? '(max-width: 600px) 100vw, 320px' : undefined}
              alt=""
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : null}
          <PlayCircleOutlineIcon
            aria-hidden
            sx={{
              position: 'absolute',
              inset: 0,
              m: 'auto',
              fontSize: 56,
              color: 'common.white',
              filter: 'drop-shadow(0 0 4px rgba(0, 0, 0, 0.6))',
            }}
          />
        </Box>
        {/* The site's name, then an icon (no text: the visible words stay part of the link's name). */}
        <Typography
          variant="caption"
          component="span"
          sx={{ position: 'relative', display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, color: 'primary.main' }}
        >
          {/* The link's name is its words: the title, hidden, then the site that shows. */}
          <Box component="span" sx={visuallyHidden}>
            {label} (
          </Box>
          {site}
          <Box component="span" sx={visuallyHidden}>
            )
          </Box>
          <OpenInNewIcon aria-hidden sx={{ fontSize: 14 }} />
        </Typography>
      </Box>
    );
  }
  return (
    <a href={value} target="_blank" rel="noopener noreferrer">
      {videoLink(value) ? `${label} (${site})` : value}
    </a>
  );
}

/** One value as a person reads it; nothing for an empty one. */
function FieldValue({
  decl,
  value,
  alt,
  empty,
  choices,
  thumbnail,
}: {
  decl: FieldDeclaration | ItemFieldDeclaration;
  /** Where the field's enum values are named in the admin's messages (`resources.<name>.choices.<field>`). */
  choices?: string;
  value: unknown;
  alt: string;
  /** What an empty value reads as, if the declaration says. */
  empty?: string;
  /** In a grid: a video's address as a picture that opens it in a new tab, this one (a path or address) or a tile. */
  thumbnail?: { picture?: string };
}) {
  const translate = useTranslate();
  const formats = useFormats();
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return empty === undefined ? null : <>{empty}</>;
  switch (decl.kind) {
    case 'image': {
      const paths = (Array.isArray(value) ? value : [value]).filter(isText);
      return (
        <Box
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: paths.length > 1 ? 'repeat(auto-fill, minmax(120px, 1fr))' : '1fr',
          }}
        >
          {paths.map((path, index) => (
            <ResponsiveImage
              key={path}
              path={path}
              alt={paths.length > 1 ? `${alt} ${index + 1}` : alt}
              sizes={paths.length > 1 ? '(max-width: 600px) 50vw, 240px' : '(max-width: 900px) 100vw, 640px'}
            />
          ))}
        </Box>
      );
    }
    case 'file':
      return (
        <VideoValue value={String(value)} label={alt} thumbnail={thumbnail !== undefined} poster={thumbnail?.picture} />
      );
    case 'url':
      if (decl.image) return <ResponsiveImage path={String(value)} alt={alt} sizes="240px" />;
      return decl.video ? (
        <VideoValue value={String(value)} label={alt} thumbnail={thumbnail !== undefined} poster={thumbnail?.picture} />
      ) : (
        <a href={String(value)} target="_blank" rel="noopener noreferrer">
          {String(value)}
        </a>
      );
    case 'richText':
      // Stored only as the server's allow-list keeps it (services/rich-text.ts): no script, handler or javascript: URL.
      return (
        <Box
          className="rich-text"
          sx={{ '& > :first-child': { mt: 0 }, '& > :last-child': { mb: 0 } }}
          dangerouslySetInnerHTML={{ __html: String(value) }}
        />
      );
    case 'enum': {
      const text = String(value);
      const label = choices ? translate(`${choices}.${text}`, { _: text }) : text;
      return <Chip size="small" label={label} color={badgeColour(decl as EnumField, text)} />;
    }
    case 'boolean': {
      const words = (decl as BooleanField).words;
      if (!words || !choices) return <>{translate(value ? 'generated.yes' : 'generated.no')}</>;
      const text = value ? 'true' : 'false';
      return (
        <Chip
          size="small"
          label={translate(`${choices}.${text}`, { _: words[text] })}
          color={badgeColour({}, words[text])}
        />
      );
    }
    case 'date':
      return <>{formats.date(value)}</>;
    case 'datetime':
      return <>{formats.dateTime(value)}</>;
    case 'integer':
      return <>{decl.rupees ? formats.money(value) : String(value)}</>;
    case 'text':
      return <Box sx={{ whiteSpace: decl.multiline ? 'pre-wrap' : undefined }}>{String(value)}</Box>;
    default:
      return <>{typeof value === 'object' ? '' : String(value)}</>;
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null) return null;
  return (
    <Box component="div" sx={{ display: { sm: 'flex' }, gap: 2, py: 0.75 }}>
      <Typography component="dt" sx={{ fontWeight: 600, minWidth: 180 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, flex: 1, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * A list of items as a grid of cards under "All <label>": first the record's own item when the declaration names one
 * (`lead`: a video album's own video, under its thumbnail and title), then each item's words and its images or
 * video. A video's address shows as a picture that opens it in a new tab (the spec's "All Videos" grid).
 */
function ItemsGrid({ resource, name, record }: { resource: ResourceDeclaration; name: string; record: RaRecord }) {
  const text = useResourceText(resource);
  const decl = resource.fields[name]!;
  if (decl.kind !== 'items') return null;
  const items = Array.isArray(record[name]) ? (record[name] as Record<string, unknown>[]) : [];
  const lead = decl.lead;
  const leadMedia = lead ? record[lead.media] : undefined;
  const leadDecl = lead ? resource.fields[lead.media] : undefined;
  const hasLead = isText(leadMedia) && leadDecl !== undefined && leadDecl.kind !== 'items';
  if (items.length === 0 && !hasLead) return null;
  const leadPicture = lead?.picture !== undefined ? record[lead.picture] : undefined;
  const leadCaption = lead?.caption !== undefined ? record[lead.caption] : undefined;
  const leadName = isText(leadCaption) ? leadCaption : text(`fields.${lead?.media ?? name}`);
  return (
    <Box component="section" aria-labelledby={`${name}-heading`} sx={{ mt: 3 }}>
      <Typography id={`${name}-heading`} variant="h6" component="h2" sx={{ mb: 1 }}>
        {text(`fields.${name}.all`)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
        {hasLead ? (
          <Card component="article" aria-label={leadName} variant="outlined">
            <CardContent>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {leadName}
              </Typography>
              <FieldValue
                decl={leadDecl}
                value={leadMedia}
                alt={leadName}
                thumbnail={{ picture: isText(leadPicture) ? leadPicture : undefined }}
              />
            </CardContent>
          </Card>
        ) : null}
        {items.map((item, index) => {
          const title = text(`fields.${name}.item`, { n: index + 1 });
          const words = Object.entries(decl.fields).filter(([, d]) => d.kind === 'text');
          const media = Object.entries(decl.fields).filter(([, d]) => d.kind !== 'text');
          const caption = words.map(([inner]) => item[inner]).find(isText) ?? title;
          return (
            <Card key={index} component="article" aria-label={title} variant="outlined">
              <CardContent>
                <Typography variant="subtitle2" component="h3">
                  {title}
                </Typography>
                {words.map(([inner, itemDecl]) => (
                  <FieldValue key={inner} decl={itemDecl} value={item[inner]} alt={caption} />
                ))}
                {media.map(([inner, itemDecl]) => (
                  <Box key={inner} sx={{ mt: 1 }}>
                    <FieldValue decl={itemDecl} value={item[inner]} alt={caption} thumbnail={{}} />
                  </Box>
                ))}
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * The field that names the record (its first text field), for headings and image descriptions; when it is empty,
 * `fallback` (the resource's name in the language chosen, never the declaration's English).
 */
function nameOf(resource: ResourceDeclaration, record: RaRecord, fallback: string): string {
  const field = Object.entries(resource.fields).find(([, decl]) => decl.kind === 'text')?.[0];
  const value = field ? record[field] : undefined;
  return isText(value) ? value : fallback;
}

function ShowActions({
  resource,
  record,
  extra: Extra,
}: {
  resource: ResourceDeclaration;
  record?: RaRecord;
  extra?: RecordActions;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const list = resource.routes?.list ?? '/';
  // Back where the person came from when they came from within the app; otherwise to the list.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(list));
  const edit = record ? editPath(resource, record) : undefined;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      <Button label={translate('ra.action.back')} onClick={back} variant="outlined">
        <ArrowBackIcon />
      </Button>
      {record && edit ? (
        <Allowed action="edit" resource={resource.name}>
          <Button component={Link} label={translate('ra.action.edit')} to={edit} state={{ record }} variant="contained">
            <EditIcon />
          </Button>
        </Allowed>
      ) : null}
      {record && Extra ? <Extra record={record} /> : null}
    </Box>
  );
}

/**
 * Why the view shows no record: the declaration's sentence of that case (messages.show) where it gives one, else the
 * resource's notFound; a refusal says the server's own sentence first.
 */
function failureSentence(resource: ResourceDeclaration, error: unknown, text: (key: string) => string): string {
  const said = resource.messages?.show;
  const own = (key: keyof NonNullable<typeof said>) => (said?.[key] ? text(`show.${key}`) : undefined);
  if (!error) return own('noData') ?? text('notFound');
  if ((error as { status?: number }).status === 404) return text('notFound');
  if (isServerAnswer(error)) return serverMessage(error) ?? own('refused') ?? text('notFound');
  return own('unanswered') ?? ((error as Error).message || text('notFound'));
}

function Details({ resource, id, actions, sections = [] }: GeneratedShowProps & { id: Identifier }) {
  const text = useResourceText(resource);
  const generated = useGeneratedText();
  const { data, isPending, error } = useGetOne(resource.name, { id }, { retry: false });
  if (isPending) return <CircularProgress aria-label={generated('loading')} />;
  if (error || !data) {
    const status = (error as { status?: number } | null)?.status;
    return (
      <>
        <ShowActions resource={resource} />
        <Alert severity={status === 404 || !error ? 'info' : 'error'}>{failureSentence(resource, error, text)}</Alert>
      </>
    );
  }
  const name = nameOf(resource, data, text('name', { smart_count: 1 }));
  const fields = Object.entries(resource.fields);
  return (
    <>
      <ShowActions resource={resource} record={data} extra={actions} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {name}
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            {fields
              .filter(([, decl]) => decl.kind !== 'items' && decl.kind !== 'permissions')
              // An empty field says nothing unless the declaration gives it words ("Not Available").
              .filter(([field, decl]) => decl.emptyText !== undefined || !isEmpty(data[field]))
              .map(([field, decl]) => (
                <Row key={field} label={text(`fields.${field}`)}>
                  {decl.kind === 'reference' ? (
                    // The referenced record's name, as the record carries it (the /api/v1 rows) or fetched.
                    <RecordContextProvider value={data}>
                      <ReferenceNameField
                        source={field}
                        label={text(`fields.${field}`)}
                        reference={decl.reference}
                        display={decl.display}
                        carried={carriedName(resource.name, field)}
                      />
                    </RecordContextProvider>
                  ) : (
                    <FieldValue
                      decl={decl}
                      value={data[field]}
                      alt={name}
                      choices={`resources.${resource.name}.choices.${field}`}
                      empty={decl.emptyText === undefined ? undefined : text(`emptyValue.${field}`)}
                    />
                  )}
                </Row>
              ))}
            <Row label={generated('createdAt')}>
              <FieldValue decl={{ kind: 'datetime', label: '' }} value={data.created_at} alt={name} />
            </Row>
          </Box>
        </CardContent>
      </Card>
      {fields
        .filter(([, decl]) => decl.kind === 'items')
        .map(([field]) => (
          <ItemsGrid key={field} resource={resource} name={field} record={data} />
        ))}
      {sections.map((Section, index) => (
        <Section key={index} record={data} />
      ))}
    </>
  );
}

/** `<show>/:id`, or `<show>` with the item in navigation state; without either, the missing-data sentence. */
export function GeneratedShowRoute({ resource, actions, sections }: GeneratedShowProps) {
  const text = useResourceText(resource);
  const params = useParams();
  const location = useLocation();
  const id = params.id ?? idFromState(location.state);
  return (
    <Box sx={{ py: 2 }}>
      {/* The app bar's title too (it was empty on the show screens). */}
      <Title title={text('title.show')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {text('title.show')}
      </Typography>
      {id === undefined || id === '' ? (
        <>
          <ShowActions resource={resource} />
          <Alert severity={resource.messages?.show?.missingId ? 'warning' : 'info'}>
            {resource.messages?.show?.missingId ? text('show.missingId') : text('notFound')}
          </Alert>
        </>
      ) : (
        <Details key={String(id)} resource={resource} id={id} actions={actions} sections={sections} />
      )}
    </Box>
  );
}
