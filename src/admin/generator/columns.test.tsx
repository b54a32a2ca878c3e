/**
 * The list columns of the new field kinds, each rendered for one record as the list's Datagrid renders it (in
 * the record's and the resource's contexts): thumbnails from the 320-pixel variant, links, counts, and enum chips
 * in the declaration's badge colours.
 */
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { RecordContextProvider, ResourceContextProvider, type RaRecord } from 'react-admin';
import { renderWithAdmin } from '../../../tests/components/render-with-admin.tsx';
import { defineResource, type FieldDeclaration } from '../../resources/define.ts';
import { events } from '../../resources/events.ts';
import { imageAlbums } from '../../resources/gallery.ts';
import { i18nProvider } from '../i18n.ts';
import { fieldColumn } from './columns.tsx';
import { filterInput } from './inputs.tsx';

const id = (n: number) => n.toString(16).padStart(32, '0');
const imagePath = (n: number) => `/uploads/images/${id(n)}.jpg`;

const media = defineResource({
  name: 'test_media',
  label: { one: 'Item', many: 'Items' },
  provider: 'memory',
  permission: { feature: 'Gallery', subFeature: 'Videos' },
  fields: {
    caption: { kind: 'text', label: 'Caption' },
    attachment: { kind: 'file', label: 'Attachment', accept: ['mp4', 'pdf'], allowUrl: true },
    video: { kind: 'url', label: 'Video', video: true },
    website: { kind: 'url', label: 'Website' },
    picture: { kind: 'url', label: 'Picture', image: true },
    body: { kind: 'richText', label: 'Body' },
    kind: { kind: 'enum', label: 'Kind', values: ['Active', 'Other'] },
  },
  list: { pageSize: 10, empty: 'None.', sort: { field: 'id', order: 'ASC' } },
});

function renderColumn(element: ReactElement | null, record: RaRecord, resource = 'events') {
  if (!element) throw new Error('The field has no column.');
  return renderWithAdmin(
    <ResourceContextProvider value={resource}>
      <RecordContextProvider value={record}>{element}</RecordContextProvider>
    </ResourceContextProvider>,
  );
}

const column = (name: string, decl: FieldDeclaration | undefined) => fieldColumn(name, decl!);

describe('image columns', () => {
  it('shows a lazy 64×48 thumbnail of the 320-pixel variant, described by the record’s name', async () => {
    renderColumn(column('image', events.fields.image), { id: 1, event_name: 'Annual Day', image: imagePath(7) });
    const img = await screen.findByRole('img', { name: 'Annual Day' });
    expect(img).toHaveAttribute('src', `/uploads/images/${id(7)}-320.webp`);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '64');
    expect(img).toHaveAttribute('height', '48');
    expect(img).toHaveStyle({ objectFit: 'cover' });
  });

  it('shows the first of a list of images and how many more, and an address as it is', async () => {
    const declaration = { kind: 'image', label: 'Photos', multiple: true } as const;
    const view = renderColumn(fieldColumn('photos', declaration, imageAlbums), {
      id: 1,
      title: 'Sports day',
      photos: [imagePath(1), imagePath(2), imagePath(3)],
    });
    expect(await screen.findByRole('img', { name: 'Sports day' })).toHaveAttribute(
      'src',
      `/uploads/images/${id(1)}-320.webp`,
    );
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByText('+2')).toBeInTheDocument();
    view.unmount();

    renderColumn(column('thumbnail', imageAlbums.fields.thumbnail), {
      id: 2,
      thumbnail: 'https://example.org/picture.jpg',
    });
    // Without a name of the record the field's label describes the image.
    expect(await screen.findByRole('img', { name: 'Thumbnail' })).toHaveAttribute(
      'src',
      'https://example.org/picture.jpg',
    );
  });

  it('shows nothing for a record without an image', async () => {
    renderColumn(column('image', events.fields.image), { id: 1, event_name: 'Annual Day', image: null });
    await screen.findByTestId('location');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('file, address and items columns', () => {
  it('links a video as "Play video" and a document as "View file", in a new tab', async () => {
    const view = renderColumn(
      column('attachment', media.fields.attachment),
      { id: 1, attachment: `/uploads/files/${id(3)}.mp4` },
      'test_media',
    );
    const play = await screen.findByRole('link', { name: 'Play video' });
    expect(play).toHaveAttribute('href', `/uploads/files/${id(3)}.mp4`);
    expect(play).toHaveAttribute('target', '_blank');
    expect(play.getAttribute('rel')).toContain('noopener');
    view.unmount();

    renderColumn(column('attachment', media.fields.attachment), { id: 2, attachment: `/uploads/files/${id(4)}.pdf` });
    expect(await screen.findByRole('link', { name: 'View file' })).toHaveAttribute(
      'href',
      `/uploads/files/${id(4)}.pdf`,
    );
  });

  it('names a video link after its site, shows any other address, and an image address as the image', async () => {
    const youtube = 'https://youtu.be/dQw4w9WgXcQ';
    const view = renderColumn(column('video', media.fields.video), { id: 1, video: youtube });
    expect(await screen.findByRole('link', { name: 'YouTube' })).toHaveAttribute('href', youtube);
    view.unmount();

    const second = renderColumn(column('video', media.fields.video), { id: 2, video: 'https://vimeo.com/76979871' });
    expect(await screen.findByRole('link', { name: 'Vimeo' })).toBeInTheDocument();
    second.unmount();

    const third = renderColumn(column('website', media.fields.website), { id: 3, website: 'https://example.org/a' });
    expect(await screen.findByRole('link', { name: 'https://example.org/a' })).toHaveAttribute(
      'rel',
      expect.stringContaining('noopener'),
    );
    third.unmount();

    renderColumn(
      column('picture', media.fields.picture),
      { id: 4, caption: 'Harvest', picture: 'https://example.org/p.png' },
      'test_media',
    );
    expect(await screen.findByRole('img', { name: 'Picture' })).toHaveAttribute('src', 'https://example.org/p.png');
  });

  it('counts the items of a list', async () => {
    const view = renderColumn(column('images', imageAlbums.fields.images), {
      id: 1,
      images: [{ description: 'a' }, { description: 'b' }, { description: 'c' }],
    });
    expect(await screen.findByText('3 images')).toBeInTheDocument();
    view.unmount();
    renderColumn(column('images', imageAlbums.fields.images), { id: 2, images: [{ description: 'a' }] });
    expect(await screen.findByText('1 image')).toBeInTheDocument();
  });

  it('counts the items, and names a video and a document, in Hindi', async () => {
    await i18nProvider.changeLocale('hi');
    try {
      const view = renderColumn(column('images', imageAlbums.fields.images), {
        id: 1,
        images: [{ description: 'a' }, { description: 'b' }, { description: 'c' }],
      });
      expect(await screen.findByText('3 चित्र')).toBeInTheDocument();
      view.unmount();
      const video = renderColumn(
        column('attachment', media.fields.attachment),
        { id: 3, attachment: `/uploads/files/${id(3)}.mp4` },
        'test_media',
      );
      expect(await screen.findByRole('link', { name: 'वीडियो चलाएँ' })).toBeInTheDocument();
      video.unmount();
      renderColumn(column('attachment', media.fields.attachment), { id: 4, attachment: `/uploads/files/${id(4)}.pdf` });
      expect(await screen.findByRole('link', { name: 'फ़ाइल देखें' })).toBeInTheDocument();
    } finally {
      await i18nProvider.changeLocale('en');
    }
  });

  it('gives formatted text no column, and none of the new kinds a filter', () => {
    expect(column('body', media.fields.body)).toBeNull();
    for (const [name, decl] of Object.entries(media.fields)) {
      if (decl.kind !== 'text' && decl.kind !== 'enum') expect(filterInput(name, decl)).toBeNull();
    }
    expect(filterInput('images', imageAlbums.fields.images)).toBeNull();
  });
});

describe('enum chips', () => {
  it('take the colour the declaration gives the value, else the defaults', async () => {
    const chip = async (name: string, decl: FieldDeclaration | undefined, value: string) => {
      const view = renderColumn(column(name, decl), { id: 1, [name]: value });
      const root = (await screen.findByText(value)).closest('.MuiChip-root');
      view.unmount();
      return root?.className ?? '';
    };
    expect(await chip('status', events.fields.status, 'Scheduled')).toContain('MuiChip-colorWarning');
    expect(await chip('status', events.fields.status, 'Completed')).toContain('MuiChip-colorSuccess');
    expect(await chip('kind', media.fields.kind, 'Active')).toContain('MuiChip-colorSuccess');
    expect(await chip('kind', media.fields.kind, 'Other')).toContain('MuiChip-colorDefault');
  });
});
