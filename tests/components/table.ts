/** The rows of a table (the screen's one table by default), below its header row, as the text of each cell. */
import { screen, within } from '@testing-library/react';

/**
 * A row's cells: its `td`s and what says it is a cell, as the role query 'cell' finds them. Read from the row's
 * children rather than by a role query for each row, which computes every cell's visibility again (a role query
 * walks each element's ancestors through jsdom's getComputedStyle): the rows themselves are found by role.
 */
const CELL = 'td:not([role]), [role="cell"]';

export function tableRows(table: HTMLElement = screen.getByRole('table')): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].filter((cell) => cell.matches(CELL)).map((cell) => cell.textContent ?? ''));
}
