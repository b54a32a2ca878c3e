import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin } from './test-app.tsx';

/** A window narrower than MUI's `md` (and `sm`): every media query of the form max-width matches. */
function narrowWindow() {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...matchMedia(query),
    matches: query.includes('max-width'),
  }));
}

/** Each card's label / value pairs, as text. */
function cards(): Record<string, string>[] {
  return screen.queryAllByRole('listitem').flatMap((item) => {
    const list = item.querySelector('dl');
    if (!list) return [];
    const terms = [...list.querySelectorAll('dt')].map((term) => term.textContent ?? '');
    const values = [...list.querySelectorAll('dd')].map((value) => value.textContent ?? '');
    return [Object.fromEntries(terms.map((term, index) => [term, values[index] ?? '']))];
  });
}

describe('lists on a narrow window', () => {
  it('show each record as a card of the columns, with its actions, and no table', async () => {
    narrowWindow();
    const { user } = renderAdmin('/master/country');
    await waitFor(() => expect(cards().map((card) => card['Country Name'])).toEqual(['Bhutan', 'India', 'Nepal']));
    expect(screen.queryByRole('table')).toBeNull();
    const india = cards()[1]!;
    expect(india).toMatchObject({ 'S.No': '2', 'Country Name': 'India', 'Country Code': 'IN', Status: 'Active' });
    expect(Object.keys(india)).toEqual(['S.No', 'Country Name', 'Country Code', 'Status', 'Created At', 'Action']);

    // The row's actions are there, each named (a phone shows their icons).
    const card = screen.getByText('India').closest('li') as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    // The pagination keeps its words.
    expect(screen.getByRole('button', { name: 'Next' })).toHaveTextContent('Next');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(cards().map((card) => card['Country Name'])).toEqual(['Sri Lanka']));
    expect(cards()[0]?.['S.No']).toBe('4');
  });

  it('show the empty sentence when nothing matches', async () => {
    narrowWindow();
    const { user } = renderAdmin('/master/country');
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.type(screen.getByPlaceholderText('Search countries'), 'Atlantis');
    expect(await screen.findByText('No countries found.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(cards()).toEqual([]);
  });

  it('keep the table on a wide window', async () => {
    renderAdmin('/master/country');
    await waitFor(() => expect(screen.getByRole('table')).toBeInTheDocument());
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toContain('Country Name');
  });
});
