/**
 * The header's bell: the count of unread notifications as a badge, and a dropdown listing the latest of them
 * whose View More goes to /notifications. The dropdown closes on a click outside it or on Escape.
 */
import NotificationsIcon from '@mui/icons-material/Notifications';
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useGetList, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { notifications } from '../../resources/index.ts';
import { HEADER } from '../messages.ts';
import { timeAgo } from './timeAgo.ts';
import { useOutsideClick } from './useOutsideClick.ts';

interface NotificationRecord extends RaRecord {
  type: string;
  message: string;
  is_read: boolean;
  created_at?: string;
}

/** How many unread notifications the dropdown lists. */
export const DROPDOWN_SIZE = 5;
const DROPDOWN_ID = 'notification-dropdown';

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const { data = [], total = 0 } = useGetList<NotificationRecord>(notifications.name, {
    pagination: { page: 1, perPage: DROPDOWN_SIZE },
    sort: { field: 'created_at', order: 'DESC' },
    filter: { is_read: false },
  });
  useOutsideClick(ref, () => setOpen(false), { enabled: open });

  return (
    <Box ref={ref} sx={{ position: 'relative' }} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <IconButton
        color="inherit"
        aria-label={HEADER.notifications(total)}
        aria-expanded={open}
        aria-controls={DROPDOWN_ID}
        onClick={() => setOpen((current) => !current)}
      >
        <Badge badgeContent={total} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {open && (
        <Paper
          id={DROPDOWN_ID}
          role="region"
          aria-label={HEADER.notificationsTitle}
          elevation={8}
          sx={{ position: 'absolute', right: 0, top: '100%', width: 340, maxWidth: '90vw', zIndex: 'modal' }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5 }}>
            {HEADER.notificationsTitle}
          </Typography>
          <List dense>
            {data.length === 0 && (
              <ListItem>
                <ListItemText secondary={notifications.list.empty} />
              </ListItem>
            )}
            {data.map((item) => (
              <ListItem key={item.id}>
                <ListItemText
                  primary={item.type}
                  secondary={[item.message, timeAgo(item.created_at)].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
          <Divider />
          <Button component={RouterLink} to={notifications.routes.list} fullWidth onClick={() => setOpen(false)}>
            {HEADER.viewMore}
          </Button>
        </Paper>
      )}
    </Box>
  );
}
