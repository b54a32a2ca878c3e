/**
 * A list's dropdown of the names that exist (the declaration's `list.nameFilter`): "Filter: All", then All and each
 * value of the field once, in list order, and a Cancel entry where the declaration asks; choosing one filters the
 * list on it exactly and goes back to page 1 (react-admin's list params do).
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

export interface NameFilterProps {
  /** The resource whose names are offered, and the field filtered exactly. */
  resource: string;
  source: string;
  label: string;
  /** A Cancel entry that closes the dropdown without changing the filter. */
  cancel?: string;
}

export function NameFilter({ resource, source, label, cancel }: NameFilterProps) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const { data } = useGetList(resource, { pagination: ALL_ROWS, sort: ID_ORDER });
  const generated = useGeneratedText();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const names = [...new Set((data ?? []).map((row) => row[source]).filter((n): n is string => typeof n === 'string'))];
  const current = typeof filterValues[source] === 'string' ? (filterValues[source] as string) : undefined;

  const choose = (name: string | undefined) => {
    setAnchor(null);
    const next: Record<string, unknown> = { ...filterValues };
    if (name === undefined) delete next[source];
    else next[source] = name;
    setFilters(next, displayedFilters);
  };

  return (
    <>
      <MuiButton
        size="small"
        startIcon={<FilterListIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {`${label}: ${current ?? generated('all')}`}
      </MuiButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem selected={current === undefined} onClick={() => choose(undefined)}>
          {generated('all')}
        </MenuItem>
        {names.map((name) => (
          <MenuItem key={name} selected={current === name} onClick={() => choose(name)}>
            {name}
          </MenuItem>
        ))}
        {cancel ? <MenuItem onClick={() => setAnchor(null)}>{cancel}</MenuItem> : null}
      </Menu>
    </>
  );
}
