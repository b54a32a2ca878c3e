import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpError, type DataProvider } from 'react-admin';
import { UNREACHABLE_MESSAGE } from '../providers/http-client.ts';
import { GENERATED_MESSAGES } from './messages.ts';
import { createMemoryProvider } from '../providers/memory.ts';
import { renderAdmin } from './test-app.tsx';
import { demoData } from '../../resources/demo-data.ts';

async function all(dataProvider: DataProvider, resource: string) {
  const { data } = await dataProvider.getList(resource, {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
  });
  return data;
}

const location = () => screen.getByTestId('location');

/** A field's own error under it (the form's alert repeats the first one above the form). */
const fieldError = (sentence: string) =>
  screen.findByText(sentence, { selector: '.MuiFormHelperText-root, .MuiFormHelperText-root *' });

async function choose(label: string, option: string, user: ReturnType<typeof renderAdmin>['user']) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

async function optionsOf(label: string, user: ReturnType<typeof renderAdmin>['user']): Promise<string[]> {
  await user.click(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  const options = within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent?.trim() ?? '')
    .filter((text) => text !== '');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  return options;
}

describe('generated create form (countries)', () => {
  it("refuses a missing name with the server's sentence, then creates the country and goes back to the list", async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/master/country/add', { dataProvider });
    const name = await screen.findByRole('textbox', { name: 'Country Name' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Active');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await fieldError('Country Name is required.')).toBeInTheDocument();
    expect(await fieldError('Country Code is required.')).toBeInTheDocument();
    // The first problem in the form's order also stands above the form.
    expect(screen.getByText('Country Name is required.', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(await all(dataProvider, 'countries')).toHaveLength(4);

    await user.type(name, 'Japan');
    await user.type(screen.getByRole('textbox', { name: 'Country Code' }), 'jp');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Country added successfully.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/master\/country$/));
    const japan = (await all(dataProvider, 'countries')).find((row) => row.name === 'Japan');
    expect(japan).toMatchObject({ code: 'JP', status: 'Active' });
    expect(typeof japan?.created_at).toBe('string');
  });

  it('shows the pattern sentence for a bad code, and the server’s duplicate sentence under the field', async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/master/country/add', { dataProvider });
    await user.type(await screen.findByRole('textbox', { name: 'Country Name' }), 'Indiana');
    const code = screen.getByRole('textbox', { name: 'Country Code' });
    await user.type(code, 'I1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await fieldError('Country Code must be 2 or 3 letters, such as IN.')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, 'in');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const sentence = 'A country with this code already exists.';
    await waitFor(() => expect(code).toHaveAccessibleDescription(sentence));
    expect(location()).toHaveTextContent('/master/country/add');
    expect(await all(dataProvider, 'countries')).toHaveLength(4);
  });

  it('says a save went through in the form, keeps Save from saving twice, and goes back after 2 seconds', async () => {
    const { user } = renderAdmin('/master/country/add');
    await user.type(await screen.findByRole('textbox', { name: 'Country Name' }), 'Japan');
    await user.type(screen.getByRole('textbox', { name: 'Country Code' }), 'JP');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Country added successfully.', { selector: '.MuiAlert-message' })).toBeVisible();
    const shown = Date.now();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/master\/country$/), { timeout: 4000 });
    expect(Date.now() - shown).toBeGreaterThanOrEqual(1900);
  });

  it("says why a save failed: the server's sentence, the generated one without it, and without an answer", async () => {
    for (const [failure, sentence] of [
      [
        new HttpError('Countries are read-only today.', 403, { message: 'Countries are read-only today.' }),
        'Countries are read-only today.',
      ],
      [new HttpError('', 400, {}), GENERATED_MESSAGES.saveRefused],
      [new HttpError(UNREACHABLE_MESSAGE, 0, { message: UNREACHABLE_MESSAGE }), UNREACHABLE_MESSAGE],
    ] as const) {
      const memory = createMemoryProvider(demoData);
      const dataProvider: DataProvider = { ...memory, create: () => Promise.reject(failure) };
      const { user, unmount } = renderAdmin('/master/country/add', { dataProvider });
      await user.type(await screen.findByRole('textbox', { name: 'Country Name' }), 'Japan');
      await user.type(screen.getByRole('textbox', { name: 'Country Code' }), 'JP');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(sentence, { selector: '.MuiAlert-message' })).toBeVisible();
      expect(location()).toHaveTextContent('/master/country/add');
      unmount();
    }
  });
});

describe('generated edit form (countries)', () => {
  it('edits the country of /master/country/edit/:id and goes back to the list', async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/master/country/edit/2', { dataProvider });
    const name = await screen.findByRole('textbox', { name: 'Country Name' });
    await waitFor(() => expect(name).toHaveValue('Nepal'));
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await fieldError('Country Name is required.')).toBeInTheDocument();

    await user.type(name, 'Federal Nepal');
    await choose('Status', 'Inactive', user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Country updated successfully.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/master\/country$/));
    expect((await dataProvider.getOne('countries', { id: 2 })).data).toMatchObject({
      name: 'Federal Nepal',
      code: 'NP',
      status: 'Inactive',
    });
  });

  it('opens the item passed in navigation state on /master/country/edit', async () => {
    renderAdmin('/master/country/edit', { state: { country: { id: 3, name: 'Bhutan' } } });
    const name = await screen.findByRole('textbox', { name: 'Country Name' });
    await waitFor(() => expect(name).toHaveValue('Bhutan'));
  });

  it('goes back to the list when no item was given', async () => {
    renderAdmin('/master/country/edit');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/master\/country$/));
    expect(await screen.findByText('Bhutan')).toBeInTheDocument();
  });

  it('opens the list from the Edit button of a row', async () => {
    const { user } = renderAdmin('/master/country');
    const row = (await screen.findByRole('cell', { name: 'Bhutan' })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('link', { name: 'Edit' }));
    await waitFor(() => expect(location()).toHaveTextContent('/master/country/edit/3'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Country Name' })).toHaveValue('Bhutan'));
  });
  it("keeps what was typed when the server's copy of the record arrives after the list's", async () => {
    const memory = createMemoryProvider(demoData);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let asked = false;
    const dataProvider: DataProvider = {
      ...memory,
      // A slow server: its copy (which differs from the list's, as a real record read again does) comes late.
      getOne: async (resource, params) => {
        asked = true;
        const result = await memory.getOne(resource, params);
        await answered;
        return { data: { ...result.data, read_again: true } };
      },
    };
    const { user } = renderAdmin('/master/country', { dataProvider });
    const row = (await screen.findByRole('cell', { name: 'Bhutan' })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('link', { name: 'Edit' }));
    const name = await screen.findByRole('textbox', { name: 'Country Name' });
    await waitFor(() => expect(name).toHaveValue('Bhutan'));
    await waitFor(() => expect(asked).toBe(true));
    await user.clear(name);
    await user.type(name, 'Druk Yul');

    answer();
    // The fresher copy fills only the untouched fields: the name stays as typed, and it is what is saved.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Country Code' })).toHaveValue('BT'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(name).toHaveValue('Druk Yul');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Country updated successfully.')).toBeInTheDocument();
    expect((await memory.getOne('countries', { id: 3 })).data).toMatchObject({ name: 'Druk Yul', code: 'BT' });
  });
});

describe('generated city form (a state within its country)', () => {
  it("offers only the chosen country's states and clears the state when the country changes", async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/master/city/add', { dataProvider });
    await user.type(await screen.findByRole('textbox', { name: 'City Name' }), 'Pokhara');
    // No country yet: the state cannot be chosen, and the form says why.
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Choose a country first.')).toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).not.toHaveAttribute('aria-disabled'));
    await choose('Country', 'India', user);
    await screen.findByRole('combobox', { name: 'State' });
    expect(await optionsOf('State', user)).toEqual([
      'Select State',
      'Madhya Pradesh',
      'Maharashtra',
      'Rajasthan',
      'Uttar Pradesh',
    ]);
    await choose('State', 'Rajasthan', user);
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('Rajasthan');

    await choose('Country', 'Nepal', user);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'State' })).not.toHaveTextContent('Rajasthan'));
    await waitFor(async () => expect(await optionsOf('State', user)).toEqual(['Select State', 'Bagmati']));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await fieldError('Please select a state.')).toBeInTheDocument();
    await choose('State', 'Bagmati', user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('City added successfully.')).toBeInTheDocument();
    const pokhara = (await all(dataProvider, 'cities')).find((row) => row.name === 'Pokhara');
    expect(pokhara).toMatchObject({ country_id: 2, state_id: 4, status: 'Active' });
  });
});

describe('a one-record resource (the trust settings)', () => {
  it('is its own page: the record filled in, saved, said so, and the form stays ready for the next change', async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/settings', { dataProvider });
    const hours = await screen.findByRole('textbox', { name: 'Office Hours' });
    await waitFor(() => expect(hours).toHaveValue('9:00 AM - 6:00 PM, Mon - Sat'));
    expect(screen.queryByRole('link', { name: 'Cancel' })).not.toBeInTheDocument();
    // The declaration's sections, each a titled group of its fields.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'The Trust',
      'Contact',
      'Tax Registration',
      'Bank Account and UPI',
      'Receipts',
    ]);
    const bank = screen.getByRole('region', { name: 'Bank Account and UPI' });
    expect(within(bank).getByRole('textbox', { name: 'IFSC' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Trust Name (English)' }), 'Shri Vidya Trust');
    const ifsc = screen.getByRole('textbox', { name: 'IFSC' });
    await user.type(ifsc, 'SBIN1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const sentence = 'IFSC must be 4 letters, a zero and 6 letters or digits, such as SBIN0001234.';
    expect(await fieldError(sentence)).toBeInTheDocument();

    await user.clear(ifsc);
    await user.type(ifsc, 'sbin0001234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Trust Settings updated successfully.', { selector: '.MuiAlert-message' }),
    ).toBeVisible();
    expect(location()).toHaveTextContent(/^\/settings$/);
    expect((await dataProvider.getOne('trust_settings', { id: 1 })).data).toMatchObject({
      name_en: 'Shri Vidya Trust',
      bank_ifsc: 'SBIN0001234',
      office_hours: '9:00 AM - 6:00 PM, Mon - Sat',
    });

    // Still the settings page, and Save saves again.
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'trust@sbi');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect((await dataProvider.getOne('trust_settings', { id: 1 })).data.upi_id).toBe('trust@sbi'),
    );
    expect(location()).toHaveTextContent(/^\/settings$/);
  });
});
