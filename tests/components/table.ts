/** The rows of the screen's one table, below its header row, as the text of each cell. */
import { screen, within } from '@testing-library/react';

export function tableRows(): string[][] {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}
