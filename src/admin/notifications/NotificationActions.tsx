/**
 * The buttons the notifications list adds to its generated screen (screens.ts): Mark as read / Mark as unread on
 * each row, and Mark all as read above the list. Each account sees and changes only its own (the server decides).
 */
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useUpdate } from 'react-admin';
import { notifications } from '../../resources/index.ts';
import type { RecordActionProps } from '../generator/record-actions.ts';
import { useWords } from '../i18n/words.ts';
import { NOTIFICATIONS } from './messages.ts';
import { markAllNotificationsRead } from './api.ts';

/** The screen's queries ask again: the bell's count and the list follow the change. */
export const useRefreshNotifications = useRefresh;

export function ToggleRead({ record }: RecordActionProps) {
  const notificationWords = useWords(NOTIFICATIONS);
  const [update, { isPending }] = useUpdate();
  const refresh = useRefreshNotifications();
  const notify = useNotify();
  const read = record.is_read === true;
  return (
    <Button
      size="small"
      disabled={isPending}
      onClick={() =>
        update(
          notifications.name,
          { id: record.id, data: { is_read: !read }, previousData: record },
          {
            onSuccess: () => refresh(),
            onError: (error) => notify((error as Error).message || notificationWords.failed, { type: 'error' }),
          },
        )
      }
    >
      {read ? notificationWords.markUnread : notificationWords.markRead}
    </Button>
  );
}

export function MarkAllRead() {
  const notificationWords = useWords(NOTIFICATIONS);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshNotifications();
  const notify = useNotify();
  return (
    <Button
      size="small"
      startIcon={<DoneAllIcon />}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const marked = await markAllNotificationsRead();
          notify(marked === 0 ? notificationWords.noneMarked : notificationWords.allMarked({ smart_count: marked }), {
            type: 'info',
          });
          refresh();
        } catch (error) {
          notify((error as Error).message || notificationWords.failed, { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      {notificationWords.markAllRead}
    </Button>
  );
}
