/**
 * The header's profile menu: My Profile and Edit Profile (the account page, src/admin/account, with its password
 * change), and Logout, which ends the session on the server (react-admin's useLogout → the auth provider's logout).
 */
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { IconButton, Menu, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useLogout } from 'react-admin';
import { Link } from 'react-router-dom';
import { useWords } from '../i18n/words.ts';
import { HEADER } from './messages.ts';

const MENU_ID = 'profile-menu';

export function ProfileMenu() {
  const header = useWords(HEADER);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={header.profile}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? MENU_ID : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleIcon />
      </IconButton>
      <Menu id={MENU_ID} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {identity?.fullName && (
          <Typography variant="subtitle2" sx={{ px: 2, py: 1 }}>
            {identity.fullName}
          </Typography>
        )}
        <MenuItem component={Link} to="/account" onClick={close}>
          {header.myProfile}
        </MenuItem>
        <MenuItem component={Link} to="/account#password" onClick={close}>
          {header.editProfile}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          {header.logout}
        </MenuItem>
      </Menu>
    </>
  );
}
