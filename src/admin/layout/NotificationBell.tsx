/**
 * The header's bell: the signed-in account's own notifications (the server gives each account only its own). The
 * badge counts the unread ones; the dropdown lists the latest DROPDOWN_SIZE, unread ones marked, each a link to
 * what it reports that marks it read; View More goes to /notifications. Both ask the server again every
 * `notificationRefreshSeconds` of the session (30 by default) while the tab is visible, and after a change. The
 * dropdown closes on a click outside it or on Escape.
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
  ListItemButton,
  ListItemText,
  Paper,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useGetList, useLocaleState, useRefresh, useUpdate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { notifications } from '../../resources/index.ts';
import { NOTIFICATION_REFRESH_SECONDS } from '../auth/access.ts';
import { useAccess } from '../auth/use-access.ts';
import { useResourceText } from '../generator/messages.ts';
import { useSaid } from '../i18n/said.ts';
import { useWords } from '../i18n/words.ts';
import { HEADER } from './messages.ts';
import { NOTIFICATIONS } from '../notifications/messages.ts';
import { timeAgo } from './time-ago.ts';
import { useOutsideClick } from './use-outside-click.ts';

interface NotificationRecord extends RaRecord {
  type: string;
  message: string;
  message_key?: string | null;
  message_values?: Record<string, string | number> | null;
  is_read: boolean;
  link?: string | null;
  created_at?: string;
}

/** How many of the latest notifications the dropdown lists (the spec's four). */
export const DROPDOWN_SIZE = 4;
const DROPDOWN_ID = 'notification-dropdown';
const LATEST = { field: 'created_at', order: 'DESC' } as const;

export function NotificationBell() {
  const header = useWords(HEADER);
  const notificationWords = useWords(NOTIFICATIONS);
  const said = useSaid();
  const typeText = useResourceText(notifications);
  const [locale] = useLocaleState();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const { session } = useAccess();
  const every = (session?.notificationRefreshSeconds ?? NOTIFICATION_REFRESH_SECONDS) * 1000;
  // react-query asks again on this interval only while the tab is visible (refetchIntervalInBackground: false).
  const polling = { refetchInterval: every, refetchIntervalInBackground: false } as const;
  const { total: unread = 0 } = useGetList<NotificationRecord>(
    notifications.name,
    { pagination: { page: 1, perPage: 1 }, sort: LATEST, filter: { is_read: false } },
    polling,
  );
  const { data = [] } = useGetList<NotificationRecord>(
    notifications.name,
    { pagination: { page: 1, perPage: DROPDOWN_SIZE }, sort: LATEST },
    polling,
  );
  const [update] = useUpdate();
  const refresh = useRefresh();
  useOutsideClick(ref, () => setOpen(false), { enabled: open });

  const opened = (item: NotificationRecord) => {
    setOpen(false);
    if (item.is_read) return;
    update(
      notifications.name,
      { id: item.id, data: { is_read: true }, previousData: item },
      { onSuccess: () => refresh() },
    );
  };

  return (
    <Box ref={ref} sx={{ position: 'relative' }} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <IconButton
        color="inherit"
        aria-label={header.notifications({ count: unread })}
        aria-expanded={open}
        aria-controls={DROPDOWN_ID}
        onClick={() => setOpen((current) => !current)}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {open && (
        <Paper
          id={DROPDOWN_ID}
          role="region"
          aria-label={header.notificationsTitle}
          elevation={8}
          sx={{
            position: { xs: 'fixed', sm: 'absolute' },
            right: { xs: 8, sm: 0 },
            left: { xs: 8, sm: 'auto' },
            top: { xs: 56, sm: '100%' },
            width: { xs: 'auto', sm: 360 },
            zIndex: 'modal',
          }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5 }}>
            {header.notificationsTitle}
          </Typography>
          <List dense>
            {data.length === 0 && (
              <ListItem>
                <ListItemText secondary={notificationWords.none} />
              </ListItem>
            )}
            {data.map((item) => {
              const text = (
                <ListItemText
                  primary={
                    <>
                      {!item.is_read && (
                        <Box
                          component="span"
                          aria-label={notificationWords.unread}
                          sx={{
                            display: 'inline-block',
                            width: 8,
                            height: 8,
                            borderRadius: '50%',
                            bgcolor: 'error.main',
                            mr: 1,
                            verticalAlign: 'middle',
                          }}
                        />
                      )}
                      {typeText(`choices.type.${item.type}`, { _: item.type })}
                    </>
                  }
                  secondary={[
                    said.sentence(item.message, item.message_key, item.message_values),
                    timeAgo(item.created_at, locale),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  slotProps={{ primary: { sx: { fontWeight: item.is_read ? 400 : 700 } } }}
                />
              );
              return (
                <ListItem key={item.id} disablePadding>
                  {item.link ? (
                    <ListItemButton component={RouterLink} to={item.link} onClick={() => opened(item)}>
                      {text}
                    </ListItemButton>
                  ) : (
                    <ListItemButton onClick={() => opened(item)}>{text}</ListItemButton>
                  )}
                </ListItem>
              );
            })}
          </List>
          <Divider />
          <Button component={RouterLink} to={notifications.routes.list} fullWidth onClick={() => setOpen(false)}>
            {header.viewMore}
          </Button>
        </Paper>
      )}
    </Box>
  );
}
