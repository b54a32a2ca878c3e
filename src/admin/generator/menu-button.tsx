/**
 * A toolbar button that opens a menu under it (a list's Export and Import): the button says it has a menu, which
 * menu, and whether it is open; an entry closes the menu with the `close` it is given.
 */
import Menu from '@mui/material/Menu';
import { type ReactElement, type ReactNode, useId, useState } from 'react';
import { Button } from 'react-admin';

export function MenuButton({
  label,
  icon,
  children,
}: {
  label: string;
  icon: ReactElement;
  children: (close: () => void) => ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {icon}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {children(close)}
      </Menu>
    </>
  );
}
