/**
 * A list's filter dropdown (FilterMenu: "Filter: All", then All, each choice and Cancel where asked), and the one the
 * declaration's `list.nameFilter` asks for: the values of a field that exist, once each, in list order (NameFilter).
 * Choosing one filters the list on it exactly and goes back to page 1 (react-admin's list params do).
 */
import FilterListIcon from '@mui/icons-material/FilterList';
import MuiButton from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useGetList, useListContext } from 'react-admin';
import { useGeneratedText } from './messages.ts';

/** Enough rows for a dropdown of names; the legacy provider fetches such a list whole. */
export const ALL_ROWS = { page: 1, perPage: 1000 } as const;
export const ID_ORDER = { field: 'id', order: 'ASC' } as const;

export interface FilterChoice {
  value: string;
  label: string;
}

export interface FilterMenuProps {
  /** The button says "<label>: <the current choice's label, or All>". */
  label: string;
  current: string | undefined;
  choices: readonly FilterChoice[];
  /** A choice, or undefined for All. */
  onChoose: (value: string | undefined) => void;
  /** A Cancel entry that closes the dropdown without changing the filter. */
  cancel?: string;
}

/** A filter's dropdown: a button naming the current choice, then All, each choice and Cancel where asked. */
export function FilterMenu({ label, current, choices, onChoose, cancel }: FilterMenuProps) {
  const generated = useGeneratedText();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (value: string | undefined) => {
    setAnchor(null);
    onChoose(value);
  };
  const shown = current === undefined ? generated('all') : (choices.find((c) => c.value === current)?.label ?? current);
  return (
    <>
      <MuiButton
        size="small"
        startIcon={<FilterListIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {`${label}: ${shown}`}
      </MuiButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem selected={current === undefined} onClick={() => choose(undefined)}>
          {generated('all')}
        </MenuItem>
        {choices.map((choice) => (
          <MenuItem key={choice.value} selected={current === choice.value} onClick={() => choose(choice.value)}>
            {choice.label}
          </MenuItem>
        ))}
        {cancel ? <MenuItem onClick={() => setAnchor(null)}>{cancel}</MenuItem> : null}
      </Menu>
    </>
  );
}

/** A list's exact filter on one field: its current value, and a choice (undefined: none) that sets it. */
export function useExactFilter(source: string): { current: string | undefined; choose: (value?: string) => void } {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const current = typeof filterValues[source] === 'string' ? (filterValues[source] as string) : undefined;
  const choose = (value?: string) => {
    const next: Record<string, unknown> = { ...filterValues };
    if (value === undefined) delete next[source];
    else next[source] = value;
    setFilters(next, displayedFilters);
  };
  return { current, choose };
}

export interface NameFilterProps {
  /** The resource whose names are offered, and the field filtered exactly. */
  resource: string;
  source: string;
  label: string;
  /** A Cancel entry that closes the dropdown without changing the filter. */
  cancel?: string;
}

/** The names of `source` that exist, each once in list order, as a list's exact filter. */
export function NameFilter({ resource, source, label, cancel }: NameFilterProps) {
  const { current, choose } = useExactFilter(source);
  const { data } = useGetList(resource, { pagination: ALL_ROWS, sort: ID_ORDER });
  const names = [...new Set((data ?? []).map((row) => row[source]).filter((n): n is string => typeof n === 'string'))];
  return (
    <FilterMenu
      label={label}
      current={current}
      choices={names.map((name) => ({ value: name, label: name }))}
      onChoose={choose}
      cancel={cancel}
    />
  );
}
