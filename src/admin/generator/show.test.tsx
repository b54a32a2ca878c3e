import { render, screen, waitFor, within } from '@testing-library/react';
import { Admin, CustomRoutes, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { imageAlbums } from '../../resources/index.ts';
import { i18nProvider } from '../i18n.ts';
import { Line, Section } from '../layout/PageParts.tsx';
import { createMemoryProvider } from '../providers/memory.ts';
import type { RecordActionProps } from './record-actions.ts';
import { generatedResources, resourceRoutes } from './routes.tsx';
import { renderAdmin } from './test-app.tsx';

const photo = `/uploads/images/${'b'.repeat(32)}.jpg`;
const second = `/uploads/images/${'c'.repeat(32)}.png`;

const album = {
  id: 7,
  title: 'Annual Day',
  description: 'Children on stage.',
  date: '2026-02-01',
  thumbnail: photo,
  images: [
    { description: 'The choir', files: [photo, second], url: null },
    { description: 'From the press', files: [], url: 'https://example.org/press.jpg' },
  ],
};

describe('generated show screen', () => {
  it('shows an album from its id: fields, the thumbnail from its variants, and every item under All Images', async () => {
    const dataProvider = createMemoryProvider({ image_albums: [album] });
    renderAdmin('/gallery/images/view/7', { dataProvider });
    expect(await screen.findByRole('heading', { name: 'Annual Day' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Image Details' })).toBeInTheDocument();
    expect(screen.getByText('Children on stage.')).toBeInTheDocument();

    const thumbnail = screen.getAllByRole('img', { name: 'Annual Day' })[0]!;
    expect(thumbnail.getAttribute('srcset')).toContain(`/uploads/images/${'b'.repeat(32)}-640.webp 640w`);
    expect(thumbnail).toHaveAttribute('src', `/uploads/images/${'b'.repeat(32)}-1280.webp`);

    const grid = screen.getByRole('region', { name: 'All Images' });
    const first = within(grid).getByRole('article', { name: 'Image #1' });
    expect(within(first).getByText('The choir')).toBeInTheDocument();
    expect(within(first).getAllByRole('img')).toHaveLength(2);
    const byAddress = within(grid).getByRole('article', { name: 'Image #2' });
    // An address is shown as it is: nothing is fetched or resized by the server.
    expect(within(byAddress).getByRole('img')).toHaveAttribute('src', 'https://example.org/press.jpg');
  });

  it("shows a video album's All Videos grid: its own video first under its thumbnail, then the others, each opening in a new tab", async () => {
    const film = `/uploads/files/${'d'.repeat(32)}.mp4`;
    const videos = {
      id: 3,
      title: 'Daily routine',
      description: 'From 5 am to 10 pm.',
      date: '2026-03-01',
      thumbnail: photo,
      video: 'https://www.youtube.com/watch?v=aBcDeFgHi_1',
      videos: [
        { description: 'Yoga', file: null, url: 'https://vimeo.com/76979871' },
        { description: 'On the news', file: null, url: 'https://news.example.org/clip/7' },
        { description: 'Morning prayer', file: film, url: null },
      ],
    };
    const dataProvider = createMemoryProvider({ video_albums: [videos, { ...videos, id: 4, videos: [] }] });
    const view = renderAdmin('/gallery/videos/view/3', { dataProvider });
    expect(await screen.findByRole('heading', { name: 'Daily routine', level: 2 })).toBeInTheDocument();
    const grid = screen.getByRole('region', { name: 'All Videos' });
    const cards = within(grid).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Daily routine',
      'Video #1',
      'Video #2',
      'Video #3',
    ]);
    // The album's own video: its thumbnail, a link that opens YouTube in a new tab.
    const own = within(cards[0]!).getByRole('link', { name: 'Daily routine (YouTube)' });
    expect(own).toHaveAttribute('href', videos.video);
    expect(own).toHaveAttribute('target', '_blank');
    expect(own).toHaveAttribute('rel', 'noopener noreferrer');
    expect(own.querySelector('img')).toHaveAttribute('src', `/uploads/images/${'b'.repeat(32)}-640.webp`);
    // The others: Vimeo and another site open in a new tab too; an uploaded video plays here.
    expect(within(cards[1]!).getByRole('link', { name: 'Yoga (Vimeo)' })).toHaveAttribute('target', '_blank');
    expect(within(cards[2]!).getByRole('link', { name: 'On the news (news.example.org)' })).toHaveAttribute(
      'href',
      'https://news.example.org/clip/7',
    );
    expect(cards[3]!.querySelector('video')).toHaveAttribute('src', film);
    view.unmount();

    // An album with no further videos still has the grid, with its own video.
    renderAdmin('/gallery/videos/view/4', { dataProvider });
    const alone = await screen.findByRole('region', { name: 'All Videos' });
    expect(within(alone).getAllByRole('article')).toHaveLength(1);
    expect(within(alone).getByRole('link', { name: 'Daily routine (YouTube)' })).toBeInTheDocument();
  });

  it('takes the item from navigation state on the spec route, and offers Edit with its id', async () => {
    const dataProvider = createMemoryProvider({ image_albums: [album] });
    const { user } = renderAdmin('/gallery/images/view', { dataProvider, state: { image: album } });
    expect(await screen.findByRole('heading', { name: 'Annual Day' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/gallery/images/edit/7'));
  });

  it("says the declaration's missing-data sentence with Go Back when no item was passed, or the id is unknown", async () => {
    renderAdmin('/gallery/images/view', { dataProvider: createMemoryProvider({}) });
    expect(await screen.findByText('No Image Selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('says so for an id the data does not hold', async () => {
    renderAdmin('/media/news/view/99', { dataProvider: createMemoryProvider({}) });
    expect(await screen.findByText('No News Data Found')).toBeInTheDocument();
  });

  it('renders formatted text as text and a status as its badge', async () => {
    const dataProvider = createMemoryProvider({
      news: [
        {
          id: 3,
          title: 'Results',
          content: '<p>All <strong>passed</strong>.</p>',
          publish_date: '2026-03-01',
          status: 'Active',
          image: null,
          author: 'Asha',
        },
      ],
    });
    renderAdmin('/media/news/view/3', { dataProvider });
    expect(await screen.findByText('passed')).toBeInTheDocument();
    expect(screen.getByText('passed').tagName).toBe('STRONG');
    expect(screen.getByText('Active').closest('.MuiChip-colorSuccess')).not.toBeNull();
    expect(screen.getByText('Asha')).toBeInTheDocument();
  });
});

describe("an area's sections of the generated show screen", () => {
  it('draws each after the fields, given the record', async () => {
    function Counted({ record }: RecordActionProps) {
      const images = Array.isArray(record.images) ? record.images.length : 0;
      return (
        <Section title="Counted">
          <Line label="Items" value={images} />
        </Section>
      );
    }
    render(
      <MemoryRouter initialEntries={['/gallery/images/view/7']}>
        <Admin
          dataProvider={createMemoryProvider({ image_albums: [album] })}
          store={memoryStore()}
          i18nProvider={i18nProvider}
        >
          {generatedResources}
          <CustomRoutes>{resourceRoutes(imageAlbums, { showSections: [Counted] })}</CustomRoutes>
        </Admin>
      </MemoryRouter>,
    );
    const section = await screen.findByRole('region', { name: 'Counted' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Counted' })).toBeInTheDocument();
    expect(section).toHaveTextContent('Items: 2');
    // After the record's own fields and items.
    const grid = screen.getByRole('region', { name: 'All Images' });
    expect(grid.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('generated form alert', () => {
  it("names the first problem in the form's order in a dismissible danger alert", async () => {
    const { user } = renderAdmin('/gallery/images/add', { dataProvider: createMemoryProvider({}) });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const message = await screen.findByText('Please fill all required fields.', { selector: '.MuiAlert-message' });
    const alert = message.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveClass('MuiAlert-colorError');
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByText('Please fill all required fields.', { selector: '.MuiAlert-message' })).toBeNull(),
    );
  });

  it("puts an item's problem under the item's own input, where correcting it clears it", async () => {
    const { user } = renderAdmin('/gallery/images/add', { dataProvider: createMemoryProvider({}) });
    await user.click(await screen.findByRole('button', { name: 'Add Image' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const sentence = 'Please enter description for image #1.';
    const description = screen.getAllByRole('textbox', { name: 'Description' })[1]!;
    await waitFor(() => expect(description).toHaveAccessibleDescription(sentence));
    await user.type(description, 'The relay');
    await waitFor(() => expect(description).not.toHaveAccessibleDescription(sentence));
  });
});
