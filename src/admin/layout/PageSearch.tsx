/**
 * The header's search button: opens a box that finds a page of the menu by its name and goes there (only
 * the pages the account may open).
 */
import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, IconButton, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useWords } from '../i18n/words.ts';
import { HEADER } from './messages.ts';
import { useMenuLabel } from './messages.ts';
import { useOpenMenuLink, useVisibleMenu } from './AppMenu.tsx';
import { menuLinks } from './menu.ts';

export function PageSearch() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const openLink = useOpenMenuLink();
  // Only the pages the account may open, as in the sidebar.
  const menu = useVisibleMenu();
  const pages = useMemo(() => menuLinks(menu), [menu]);
  const header = useWords(HEADER);
  const labelOf = useMenuLabel();

  if (!open) {
    return (
      <IconButton color="inherit" aria-label={header.search} onClick={() => setOpen(true)}>
        <SearchIcon />
      </IconButton>
    );
  }
  return (
    <Autocomplete
      size="small"
      options={pages}
      getOptionLabel={(page) => labelOf(page)}
      getOptionKey={(page) => page.to}
      openOnFocus
      autoHighlight
      onChange={(_, page) => {
        if (!page) return;
        setOpen(false);
        if (!openLink(page)) navigate(page.to);
      }}
      onBlur={() => setOpen(false)}
      sx={{ width: 240, bgcolor: 'background.paper', borderRadius: 1 }}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          placeholder={header.searchPages}
          inputProps={{ ...params.inputProps, 'aria-label': header.searchPages }}
        />
      )}
    />
  );
}
