/**
 * The generated form's new inputs on a declaration of the test's own: uploads (through a fake uploader that
 * reports progress and answers when the test says so), formatted text, a video address and a list of items.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataProvider, RaRecord } from 'react-admin';
import { emptyDataProvider, renderWithAdmin } from '../../../tests/components/render-with-admin.tsx';
import { defineResource, type ResourceDeclaration } from '../../resources/define.ts';
import { GeneratedCreate, GeneratedEdit } from './form.tsx';
import { i18nProvider } from '../i18n.ts';
import type { UploadAnswer } from '../../resources/media.ts';
import { UploaderContext, xhrUploader, type Uploader, type UploadRequest } from './upload.tsx';

const albums = defineResource({
  name: 'test_albums',
  label: { one: 'Album', many: 'Albums' },
  provider: 'memory',
  permission: { feature: 'Gallery', subFeature: 'Images' },
  fields: {
    title: { kind: 'text', label: 'Title', required: true },
    photos: { kind: 'image', label: 'Photos', multiple: true, maxItems: 6 },
    cover: { kind: 'image', label: 'Cover', allowUrl: true },
    leaflet: { kind: 'file', label: 'Leaflet', accept: ['pdf'] },
    video: { kind: 'url', label: 'Video link', video: true },
    items: {
      kind: 'items',
      label: 'Items',
      itemLabel: 'Image',
      fields: {
        caption: { kind: 'text', label: 'Caption' },
        files: { kind: 'image', label: 'Files', multiple: true },
      },
    },
  },
  list: { pageSize: 10, empty: 'No albums.', sort: { field: 'id', order: 'ASC' } },
  routes: { list: '/test/albums', create: '/test/albums/add', edit: '/test/albums/edit' },
});

/** Formatted text on a form of its own: the editor is loaded apart from the rest (see inputs.tsx). */
const notes = defineResource({
  name: 'test_notes',
  label: { one: 'Note', many: 'Notes' },
  provider: 'memory',
  permission: { feature: 'Gallery', subFeature: 'Images' },
  fields: {
    title: { kind: 'text', label: 'Title', required: true },
    body: { kind: 'richText', label: 'Body' },
  },
  list: { pageSize: 10, empty: 'No notes.', sort: { field: 'id', order: 'ASC' } },
  routes: { list: '/test/notes', create: '/test/notes/add' },
});

/** One call of the fake uploader: the request, and the test's hands on its progress and answer. */
interface FakeUpload {
  request: UploadRequest;
  settled: boolean;
  progress: (loaded: number, total?: number) => Promise<void>;
  finish: (path: string) => Promise<void>;
  fail: (message: string) => Promise<void>;
}

/** An uploader that answers when the test says so; a cancelled call rejects as XMLHttpRequest's does. */
function fakeUploader() {
  const calls: FakeUpload[] = [];
  const uploader: Uploader = (request) =>
    new Promise<UploadAnswer>((resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(new DOMException('Cancelled.', 'AbortError')));
      const call: FakeUpload = {
        request,
        settled: false,
        progress: (loaded, total = request.file.size) => act(async () => request.onProgress(loaded, total)),
        finish: (path) =>
          act(async () => {
            call.settled = true;
            resolve({ path, kind: 'image', contentType: 'image/jpeg', bytes: request.file.size });
          }),
        fail: (message) =>
          act(async () => {
            call.settled = true;
            reject(new Error(message));
          }),
      };
      calls.push(call);
    });
  /** Calls neither answered nor cancelled. */
  const running = () => calls.filter((call) => !call.settled && !call.request.signal.aborted);
  return { uploader, calls: () => calls, running };
}

const imagePath = (n: number) => `/uploads/images/${n.toString(16).padStart(32, '0')}.jpg`;
const variant320 = (n: number) => `/uploads/images/${n.toString(16).padStart(32, '0')}-320.webp`;
const photo = (name: string, bytes = 1000) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

/**
 * The create screen of a declaration (or, given a stored record, its edit screen) with the fake uploader; `saved`
 * lists the data of each create or update the screen sent.
 */
function renderForm(resource: ResourceDeclaration = albums, stored?: RaRecord) {
  const fake = fakeUploader();
  const write = vi.fn(async (_resource: string, params: { data: unknown }) => ({
    data: { ...(params.data as object), id: stored?.id ?? 1 },
  }));
  const dataProvider: DataProvider = emptyDataProvider({
    create: write as unknown as DataProvider['create'],
    update: write as unknown as DataProvider['update'],
    getOne: (async () => ({ data: stored })) as unknown as DataProvider['getOne'],
  });
  const view = renderWithAdmin(
    <UploaderContext.Provider value={fake.uploader}>
      {stored ? <GeneratedEdit resource={resource} id={stored.id} /> : <GeneratedCreate resource={resource} />}
    </UploaderContext.Provider>,
    {
      path: stored ? `${resource.routes!.edit!}/${stored.id}` : resource.routes!.create!,
      dataProvider,
      routes: { [resource.routes!.list]: <p>The list</p> },
    },
  );
  const saved = () => write.mock.calls.map(([, params]) => params.data as Record<string, unknown>);
  return { ...view, fake, saved };
}

const bar = (name: string) => screen.getByRole('progressbar', { name: `${name} upload progress` });
/** The row of a file on its way: the list item holding its progress bar or its error. */
const rowOf = (name: string) => screen.getByText(name, { selector: 'li p' }).closest('li') as HTMLElement;

describe('upload input (a list of images)', () => {
  it('uploads several files at once, three at a time, each with a bar that follows its progress', async () => {
    const { user, fake } = renderForm();
    const input = await screen.findByLabelText('Photos');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');

    await user.upload(
      input,
      ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg'].map((name) => photo(name)),
    );
    expect(screen.getAllByRole('progressbar')).toHaveLength(5);
    expect(fake.calls()).toHaveLength(3);
    expect(fake.calls().map((call) => call.request.file.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(fake.calls()[0]!.request).toMatchObject({ resource: 'test_albums', field: 'photos' });
    expect(within(rowOf('d.jpg')).getByText('Waiting')).toBeInTheDocument();

    await fake.calls()[0]!.progress(250);
    expect(bar('a.jpg')).toHaveAttribute('aria-valuenow', '25');
    await fake.calls()[0]!.progress(800);
    expect(bar('a.jpg')).toHaveAttribute('aria-valuenow', '80');
    expect(bar('b.jpg')).toHaveAttribute('aria-valuenow', '0');

    // One finishes: its row becomes a thumbnail (the 320-pixel variant), and the fourth file starts.
    await fake.calls()[0]!.finish(imagePath(1));
    expect(screen.queryByRole('progressbar', { name: 'a.jpg upload progress' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'a.jpg' })).toHaveAttribute('src', variant320(1));
    expect(fake.calls()).toHaveLength(4);
    expect(fake.running()).toHaveLength(3);
    expect(fake.calls()[3]!.request.file.name).toBe('d.jpg');
  });

  it('keeps the images in the order they were chosen, whichever upload finishes first', async () => {
    const { user, fake } = renderForm();
    await user.upload(
      await screen.findByLabelText('Photos'),
      ['a.jpg', 'b.jpg', 'c.jpg'].map((name) => photo(name)),
    );
    await fake.calls()[2]!.finish(imagePath(3));
    await fake.calls()[0]!.finish(imagePath(1));
    await fake.calls()[1]!.finish(imagePath(2));
    const shown = screen.getAllByRole('img').map((img) => img.getAttribute('alt'));
    expect(shown).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
  });

  it("shows the server's sentence on the failed file's row, and cancels a file on its way", async () => {
    const { user, fake } = renderForm();
    await user.upload(
      await screen.findByLabelText('Photos'),
      ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg'].map((name) => photo(name)),
    );
    const sentence = 'The image must be a JPEG, PNG or WebP image.';
    await fake.calls()[1]!.fail(sentence);
    expect(within(rowOf('b.jpg')).getByRole('alert')).toHaveTextContent(sentence);
    expect(within(rowOf('a.jpg')).queryByRole('alert')).not.toBeInTheDocument();
    // The failed file's place goes to the next one.
    expect(fake.calls()[3]!.request.file.name).toBe('d.jpg');

    await user.click(screen.getByRole('button', { name: 'Cancel c.jpg' }));
    expect(fake.calls()[2]!.request.signal.aborted).toBe(true);
    expect(screen.queryByRole('progressbar', { name: 'c.jpg upload progress' })).not.toBeInTheDocument();
    expect(fake.calls()[4]!.request.file.name).toBe('e.jpg');
    expect(fake.running().map((call) => call.request.file.name)).toEqual(['a.jpg', 'd.jpg', 'e.jpg']);

    await user.click(screen.getByRole('button', { name: 'Dismiss b.jpg' }));
    expect(screen.queryByText(sentence)).not.toBeInTheDocument();
  });

  it('refuses to save while uploads are on their way, then saves the paths; Remove takes one out', async () => {
    const { user, fake, saved } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Annual day');
    await user.upload(screen.getByLabelText('Photos'), [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);
    await fake.calls()[0]!.finish(imagePath(1));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Please wait for the uploads to finish.')).not.toHaveLength(0);
    expect(saved()).toHaveLength(0);

    await fake.calls()[2]!.finish(imagePath(3));
    await fake.calls()[1]!.finish(imagePath(2));
    expect(screen.queryAllByRole('progressbar')).toHaveLength(0);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    await user.click(screen.getByRole('button', { name: 'Remove c.jpg' }));
    expect(screen.queryByRole('img', { name: 'c.jpg' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toMatchObject({ title: 'Annual day', photos: [imagePath(1), imagePath(2)] });
  });

  it('takes no more files than maxItems, and says so', async () => {
    const { user, fake } = renderForm();
    const names = ['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg', '6.jpg', '7.jpg', '8.jpg'];
    await user.upload(
      await screen.findByLabelText('Photos'),
      names.map((name) => photo(name)),
    );
    expect(screen.getByText('At most 6 images: 2 files were not added.')).toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Choose images' })).toBeDisabled();
    await fake.calls()[0]!.finish(imagePath(1));
    expect(screen.getByRole('button', { name: 'Choose images' })).toBeDisabled();
  });
});

describe('upload input (a record being edited)', () => {
  it('shows the stored images, adds to them, and refuses the save while an upload is on its way', async () => {
    const stored = { id: 4, title: 'Old album', photos: [imagePath(1), imagePath(2)], cover: imagePath(3), items: [] };
    const { user, fake, saved } = renderForm(albums, stored);
    expect(await screen.findByRole('img', { name: 'Photos 1' })).toHaveAttribute('src', variant320(1));
    expect(screen.getByRole('img', { name: 'Photos 2' })).toHaveAttribute('src', variant320(2));
    expect(screen.getByRole('img', { name: 'Cover' })).toHaveAttribute('src', variant320(3));
    // The cover is an upload: the address box is for an address elsewhere, so it stays empty.
    expect(screen.getByRole('textbox', { name: 'or an image address (https://…)' })).toHaveValue('');

    await user.upload(screen.getByLabelText('Photos'), photo('new.jpg'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Please wait for the uploads to finish.')).not.toHaveLength(0);
    expect(saved()).toHaveLength(0);

    await fake.calls()[0]!.finish(imagePath(9));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toMatchObject({ photos: [imagePath(1), imagePath(2), imagePath(9)], cover: imagePath(3) });
  });
});

describe('upload input (one image or file)', () => {
  it('replaces the image when the new upload finishes, and takes an address instead', async () => {
    const { user, fake, saved } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Cover test');
    const cover = screen.getByLabelText('Cover');
    expect(cover).not.toHaveAttribute('multiple');
    await user.upload(cover, photo('first.png'));
    expect(fake.calls()[0]!.request).toMatchObject({ field: 'cover' });
    await fake.calls()[0]!.finish(imagePath(10));
    expect(screen.getByRole('img', { name: 'first.png' })).toHaveAttribute('src', variant320(10));

    // Until the second upload finishes, the first image stays the value.
    await user.upload(cover, photo('second.png'));
    expect(screen.getByRole('img', { name: 'first.png' })).toBeInTheDocument();
    await fake.calls()[1]!.progress(500);
    expect(bar('second.png')).toHaveAttribute('aria-valuenow', '50');
    await fake.calls()[1]!.finish(imagePath(11));
    expect(screen.queryByRole('img', { name: 'first.png' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'second.png' })).toHaveAttribute('src', variant320(11));

    const address = screen.getByRole('textbox', { name: 'or an image address (https://…)' });
    expect(address).toHaveValue('');
    await user.type(address, 'https://example.org/cover.jpg');
    // An address is shown as it is (there are no variants of it).
    expect(screen.getByRole('img', { name: 'Cover' })).toHaveAttribute('src', 'https://example.org/cover.jpg');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toMatchObject({ cover: 'https://example.org/cover.jpg' });
  });

  it('offers the declared file types, links the uploaded file and removes it', async () => {
    const { user, fake } = renderForm();
    const leaflet = await screen.findByLabelText('Leaflet');
    expect(leaflet).toHaveAttribute('accept', 'application/pdf');
    expect(screen.queryByRole('textbox', { name: /address/ })).toBeInTheDocument(); // the cover's only
    await user.upload(leaflet, new File(['%PDF'], 'leaflet.pdf', { type: 'application/pdf' }));
    await fake.calls()[0]!.finish('/uploads/files/0123456789abcdef0123456789abcdef.pdf');
    const link = screen.getByRole('link', { name: 'leaflet.pdf' });
    expect(link).toHaveAttribute('href', '/uploads/files/0123456789abcdef0123456789abcdef.pdf');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    await user.click(screen.getByRole('button', { name: 'Remove leaflet.pdf' }));
    expect(screen.queryByRole('link', { name: 'leaflet.pdf' })).not.toBeInTheDocument();
  });
});

describe('other new inputs', () => {
  it('edits formatted text in the rich-text editor', async () => {
    renderForm(notes);
    expect(await screen.findByText('Body')).toBeInTheDocument();
    const editor = document.querySelector('.ProseMirror');
    expect(editor).not.toBeNull();
    expect(editor).toHaveAttribute('contenteditable', 'true');
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
  });

  it('says what a video address was recognised as', async () => {
    const { user } = renderForm();
    const video = await screen.findByRole('textbox', { name: 'Video link' });
    expect(video).toHaveAttribute('type', 'url');
    await user.type(video, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(video).toHaveAccessibleDescription('YouTube video dQw4w9WgXcQ');
    await user.clear(video);
    await user.type(video, 'https://vimeo.com/76979871');
    expect(video).toHaveAccessibleDescription('Vimeo video 76979871');
    await user.clear(video);
    await user.type(video, 'https://example.org/talk');
    expect(video).toHaveAccessibleDescription('A link to another site (shown as a link, not embedded)');
  });

  it('adds and removes items, and uploads an item’s files as <items>.<field>', async () => {
    const { user, fake, saved } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Items test');
    await user.click(screen.getByRole('button', { name: 'Add Image' }));
    await user.click(screen.getByRole('button', { name: 'Add Image' }));
    expect(screen.getByText('Image #1')).toBeInTheDocument();
    expect(screen.getByText('Image #2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Image #2' }));
    await waitFor(() => expect(screen.queryByText('Image #2')).not.toBeInTheDocument());

    await user.type(screen.getByRole('textbox', { name: 'Caption' }), 'Prize giving');
    await user.upload(screen.getByLabelText('Files'), [photo('prize.jpg')]);
    expect(fake.calls()[0]!.request).toMatchObject({ resource: 'test_albums', field: 'items.files' });
    await fake.calls()[0]!.finish(imagePath(5));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toMatchObject({ items: [{ caption: 'Prize giving', files: [imagePath(5)] }] });
  });
});

describe('in Hindi', () => {
  afterEach(async () => {
    await i18nProvider.changeLocale('en');
  });

  it('says the upload input, its rows, its refusal and the items in Hindi (the file names are data)', async () => {
    await i18nProvider.changeLocale('hi');
    const { user, fake, saved } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'वार्षिकोत्सव');
    expect(screen.getByRole('button', { name: 'दस्तावेज़ चुनें' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'या चित्र का पता (https://…)' })).toBeInTheDocument();
    expect(screen.getByText('0 / अधिकतम 6')).toBeInTheDocument();

    const names = ['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg', '6.jpg', '7.jpg'];
    await user.upload(
      screen.getByLabelText('Photos'),
      names.map((name) => photo(name)),
    );
    expect(screen.getByText('अधिकतम 6 चित्र: 1 फ़ाइल नहीं जोड़ी गई।')).toBeInTheDocument();
    expect(within(rowOf('4.jpg')).getByText('प्रतीक्षा में')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '1.jpg की अपलोड प्रगति' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'चित्र चुनें' })[0]).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'सहेजें' }));
    expect(await screen.findAllByText('कृपया अपलोड पूरे होने तक प्रतीक्षा करें।')).not.toHaveLength(0);
    expect(saved()).toHaveLength(0);

    await fake.calls()[1]!.fail('');
    expect(within(rowOf('2.jpg')).getByText('विफल')).toBeInTheDocument();
    expect(within(rowOf('2.jpg')).getByRole('alert')).toHaveTextContent('अपलोड नहीं हो सका।');
    await user.click(screen.getByRole('button', { name: '3.jpg रद्द करें' }));
    await user.click(screen.getByRole('button', { name: '2.jpg हटाएँ' }));
    await fake.calls()[0]!.finish(imagePath(1));
    await user.click(screen.getByRole('button', { name: '1.jpg हटाएँ' }));
    expect(screen.queryByRole('img', { name: '1.jpg' })).not.toBeInTheDocument();

    // A list of items: the declaration's words are data here (a test resource), the button's are Hindi.
    await user.click(screen.getByRole('button', { name: 'Add Image' }));
    expect(screen.getByRole('button', { name: 'Image #1 हटाएँ' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Choose|Waiting|Remove|Cancel|Dismiss|upload|At most/);
  });

  it('names the editor’s buttons and the video address’s hint in Hindi', async () => {
    await i18nProvider.changeLocale('hi');
    renderForm(notes);
    expect(await screen.findByRole('group', { name: 'शीर्षक' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'H2: शीर्षक 2' })).toHaveAttribute('title', 'शीर्षक 2');
    for (const name of ['बोल्ड', 'इटैलिक', 'बुलेट सूची', 'लिंक जोड़ें', 'फ़ॉर्मैटिंग हटाएँ'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('says what a video address was recognised as, in Hindi', async () => {
    await i18nProvider.changeLocale('hi');
    const { user } = renderForm();
    const video = await screen.findByRole('textbox', { name: 'Video link' });
    expect(video).toHaveAccessibleDescription('YouTube या Vimeo का लिंक वीडियो के रूप में चलता है।');
    await user.type(video, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(video).toHaveAccessibleDescription('YouTube वीडियो dQw4w9WgXcQ');
  });
});

describe('xhrUploader', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  /** A stand-in XMLHttpRequest that records what is sent and answers as told. */
  function stubXhr(status: number, answer: unknown) {
    const sent: { method?: string; url?: string; headers: Record<string, string>; body?: FormData } = { headers: {} };
    class StubXhr {
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(method: string, url: string) {
        sent.method = method;
        sent.url = url;
      }
      setRequestHeader(name: string, value: string) {
        sent.headers[name] = value;
      }
      send(body: FormData) {
        sent.body = body;
        queueMicrotask(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
          this.status = status;
          this.responseText = JSON.stringify(answer);
          this.onload?.();
        });
      }
      abort() {
        this.onabort?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', StubXhr);
    return sent;
  }

  it('posts resource and field before the file, with the XSRF token, and reports progress', async () => {
    document.cookie = 'XSRF-TOKEN=token%20123';
    const answer = { path: imagePath(1), kind: 'image', contentType: 'image/jpeg', bytes: 10 };
    const sent = stubXhr(201, answer);
    const progress = vi.fn();
    const result = await xhrUploader({
      resource: 'events',
      field: 'images.files',
      file: photo('a.jpg', 10),
      onProgress: progress,
      signal: new AbortController().signal,
    });
    expect(result).toEqual(answer);
    expect(sent).toMatchObject({ method: 'POST', url: '/api/v2/uploads' });
    expect(sent.headers['X-XSRF-TOKEN']).toBe('token 123');
    expect([...sent.body!.keys()]).toEqual(['resource', 'field', 'file']);
    expect(sent.body!.get('field')).toBe('images.files');
    expect(progress).toHaveBeenCalledWith(5, 10);
  });

  it("rejects with the server's sentence", async () => {
    stubXhr(413, { success: false, message: 'The image is larger than 10 MB.' });
    await expect(
      xhrUploader({
        resource: 'events',
        field: 'image',
        file: photo('big.jpg'),
        onProgress: () => {},
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('The image is larger than 10 MB.');
  });
});
