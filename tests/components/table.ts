/** The rows of a table (the screen's one table by default), below its header row, as the text of each cell. */
import { screen, within } from '@testing-library/react';

export function tableRows(table: HTMLElement = screen.getByRole('table')): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}
