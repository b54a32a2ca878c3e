/**
 * The header's search button: opens a box that finds a page of the menu by its name and goes there.
 */
import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, IconButton, TextField } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HEADER } from '../messages.ts';
import { menuLinks } from './menu.ts';

const PAGES = menuLinks();

export function PageSearch() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

  if (!open) {
    return (
      <IconButton color="inherit" aria-label={HEADER.search} onClick={() => setOpen(true)}>
        <SearchIcon />
      </IconButton>
    );
  }
  return (
    <Autocomplete
      size="small"
      options={PAGES}
      getOptionLabel={(page) => page.label}
      getOptionKey={(page) => page.to}
      openOnFocus
      autoHighlight
      onChange={(_, page) => {
        if (!page) return;
        setOpen(false);
        navigate(page.to);
      }}
      onBlur={() => setOpen(false)}
      sx={{ width: 240, bgcolor: 'background.paper', borderRadius: 1 }}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          placeholder={HEADER.searchPages}
          inputProps={{ ...params.inputProps, 'aria-label': HEADER.searchPages }}
        />
      )}
    />
  );
}
