import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authProviderFor } from '../../../tests/components/access-auth.ts';
import { createMemoryProvider } from '../providers/memory.ts';
import { renderAdmin } from './test-app.tsx';
import { demoData } from '../../resources/demo-data.ts';
import { tableRows } from '../../../tests/components/table.ts';

const names = () => tableRows().map((cells) => cells[1]);

/** The list's first render in a file loads the whole admin under jsdom: seconds more on a busy machine. */
async function waitForNames(expected: string[]) {
  await waitFor(() => expect(names()).toEqual(expected), { timeout: 10_000 });
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
const button = (name: string) => screen.getByRole('button', { name });

describe('generated list (on the memory provider)', () => {
  it('shows 3 countries per page, numbered across pages, and moves between pages', async () => {
    const { user } = renderAdmin('/master/country');
    await waitForNames(['Bhutan', 'India', 'Nepal']);
    expect(tableRows().map((cells) => cells[0])).toEqual(['1', '2', '3']);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(button('Previous')).toBeDisabled();
    expect(button('Next')).toBeEnabled();

    await user.click(button('Next'));
    await waitForNames(['Sri Lanka']);
    expect(tableRows()[0]?.[0]).toBe('4');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
    expect(button('Previous')).toBeEnabled();

    await user.click(button('Previous'));
    await waitForNames(['Bhutan', 'India', 'Nepal']);
  });

  it('has the columns of the declaration, a coloured status chip and an Add button', async () => {
    const { user } = renderAdmin('/master/country');
    await waitForNames(['Bhutan', 'India', 'Nepal']);
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['S.No', 'Country Name', 'Country Code', 'Status', 'Created At', 'Action']);
    expect(within(rowOf('India')).getByText('Active').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');

    await user.click(button('Next'));
    await waitForNames(['Sri Lanka']);
    expect(within(rowOf('Sri Lanka')).getByText('Inactive').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');

    await user.click(screen.getByRole('link', { name: 'Add Country' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/master/country/add'));
  });

  it('searches the text fields, back on page 1, and shows the empty sentence when nothing matches', async () => {
    const { user } = renderAdmin('/master/country');
    await waitForNames(['Bhutan', 'India', 'Nepal']);
    await user.click(button('Next'));
    await waitForNames(['Sri Lanka']);

    // Every name has an "a": still two pages, and the search starts again from the first.
    await user.type(screen.getByPlaceholderText('Search countries'), 'a');
    await waitForNames(['Bhutan', 'India', 'Nepal']);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.clear(screen.getByPlaceholderText('Search countries'));
    await user.type(screen.getByPlaceholderText('Search countries'), 'IND');
    await waitForNames(['India']);

    // Code is searched too; status is not a text field, so "activ" matches nothing.
    await user.clear(screen.getByPlaceholderText('Search countries'));
    await user.type(screen.getByPlaceholderText('Search countries'), 'np');
    await waitForNames(['Nepal']);
    await user.clear(screen.getByPlaceholderText('Search countries'));
    await user.type(screen.getByPlaceholderText('Search countries'), 'activ');
    expect(await screen.findByText('No countries found.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('filters by status with an Active/Inactive select, back on page 1', async () => {
    const country = (id: number, name: string, status: string) => ({ id, name, code: name.slice(0, 2), status });
    const dataProvider = createMemoryProvider({
      countries: [
        country(1, 'Argentina', 'Active'),
        country(2, 'Brazil', 'Active'),
        country(3, 'Chile', 'Inactive'),
        country(4, 'Denmark', 'Active'),
        country(5, 'Egypt', 'Active'),
        country(6, 'France', 'Active'),
        country(7, 'Ghana', 'Inactive'),
      ],
    });
    const { user } = renderAdmin('/master/country', { dataProvider });
    await waitForNames(['Argentina', 'Brazil', 'Chile']);
    await user.click(button('Next'));
    await waitForNames(['Denmark', 'Egypt', 'France']);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent?.trim() || '')).toEqual(['All', 'Active', 'Inactive']);
    await user.click(screen.getByRole('option', { name: 'Active' }));
    await waitForNames(['Argentina', 'Brazil', 'Denmark']);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Inactive' }));
    await waitForNames(['Chile', 'Ghana']);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    // With a value chosen, react-admin names the empty choice "Clear value"; it reads All.
    await user.click(within(screen.getByRole('listbox')).getByText('All'));
    await waitForNames(['Argentina', 'Brazil', 'Chile']);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('exports the whole list as it is filtered and sorted, as Excel, CSV or PDF, in the language chosen', async () => {
    const { user } = renderAdmin('/master/country');
    await waitForNames(['Bhutan', 'India', 'Nepal']);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Active' }));
    await user.click(button('Export'));
    // The filter reaches the list's parameters after react-admin's debounce; the links follow it.
    const filtered = JSON.stringify({ status: 'Active' });
    await waitFor(() => {
      const first = within(screen.getByRole('menu')).getAllByRole('menuitem')[0]!;
      expect(new URL(first.getAttribute('href')!, 'http://admin.test').searchParams.get('filter')).toBe(filtered);
    });
    const entries = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(entries.map((entry) => entry.textContent)).toEqual(['Excel (.xlsx)', 'CSV (.csv)', 'PDF (.pdf)']);
    for (const [entry, format] of [
      [entries[0]!, 'xlsx'],
      [entries[1]!, 'csv'],
      [entries[2]!, 'pdf'],
    ] as const) {
      expect(entry).toHaveAttribute('download');
      const href = new URL(entry.getAttribute('href')!, 'http://admin.test');
      expect(href.pathname).toBe('/api/v2/countries/export');
      expect(Object.fromEntries(href.searchParams)).toEqual({
        format,
        lang: 'en',
        filter: filtered,
        sort: JSON.stringify(['name', 'ASC']),
      });
    }
  });

  it('offers PDF only for a list that a PDF holds, and says why not', async () => {
    const { user } = renderAdmin('/master/country', {
      authProvider: authProviderFor({}, { admin: true, exportPdfMaxRows: 2 }),
    });
    await waitForNames(['Bhutan', 'India', 'Nepal']);
    await user.click(button('Export'));
    const pdf = () => within(screen.getByRole('menu')).getAllByRole('menuitem')[2]!;
    await waitFor(() => expect(pdf()).toHaveAttribute('aria-disabled', 'true'));
    const { total } = await createMemoryProvider(demoData).getList('countries', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(total).toBeGreaterThan(2);
    expect(pdf()).not.toHaveAttribute('href');
    expect(pdf()).toHaveTextContent(
      `PDF (.pdf)A PDF holds at most 2 rows, and this list has ${total}: narrow it, or export Excel or CSV.`,
    );
    // Excel and CSV stay: they hold any length.
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem')[0]).toHaveAttribute('href');
    await user.keyboard('{Escape}');

    // Filtered down to what a PDF holds, the list's PDF is a link again.
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Inactive' }));
    await user.click(button('Export'));
    await waitFor(() => expect(pdf()).toHaveAttribute('href'));
    expect(pdf()).not.toHaveAttribute('aria-disabled');
  });

  it('asks with the declared sentence before deleting, then removes the row', async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/master/country', { dataProvider });
    await waitForNames(['Bhutan', 'India', 'Nepal']);

    await user.click(within(rowOf('Bhutan')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this country?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(names()).toContain('Bhutan');

    await user.click(within(rowOf('Bhutan')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitForNames(['India', 'Nepal', 'Sri Lanka']);
    expect(await screen.findByText('Country deleted successfully.')).toBeInTheDocument();
    const { total } = await dataProvider.getList('countries', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(total).toBe(3);
  });

  it("shows the server's sentence when a country still has states, and keeps the row", async () => {
    const { user } = renderAdmin('/master/country');
    await waitForNames(['Bhutan', 'India', 'Nepal']);
    await user.click(within(rowOf('India')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('This country is connected to states. Please remove them first.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(names()).toContain('India');
  });

  it('shows the empty sentence when there are no records', async () => {
    renderAdmin('/master/country', { dataProvider: createMemoryProvider({ countries: [] }) });
    expect(await screen.findByText('No countries found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it("shows a reference as the referenced record's name", async () => {
    renderAdmin('/master/city');
    await waitForNames(['Bhopal', 'Jaipur', 'Jodhpur']);
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['S.No', 'City Name', 'Country', 'State', 'Status', 'Created At', 'Action']);
    await waitFor(() => expect(tableRows()[1]).toEqual(expect.arrayContaining(['Jaipur', 'India', 'Rajasthan'])));
  });

  it('filters a boolean field with a Yes/No select (notifications)', async () => {
    const note = (id: number, message: string, is_read: boolean) => ({ id, type: 'Message', message, is_read });
    const dataProvider = createMemoryProvider({
      notifications: [
        note(1, 'First unread.', false),
        note(2, 'Already read.', true),
        note(3, 'Second unread.', false),
      ],
    });
    const { user } = renderAdmin('/notifications', { dataProvider });
    expect(await screen.findByText('Already read.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Read' }));
    await user.click(screen.getByRole('option', { name: 'No' }));
    await waitFor(() => expect(screen.queryByText('Already read.')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(screen.getByText('First unread.')).toBeInTheDocument();
    expect(screen.getByText('Second unread.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Read' }));
    await user.click(screen.getByRole('option', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByText('First unread.')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(screen.getByText('Already read.')).toBeInTheDocument();
  });
});
