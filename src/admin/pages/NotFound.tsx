/** The page of an admin route that does not exist (react-admin's catchAll, inside the shell). */
import { Typography } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { useWords } from '../i18n/words.ts';
import { PAGES } from './messages.ts';
import { BackToDashboard, MessagePage } from './MessagePage.tsx';

export function NotFound() {
  const pages = useWords(PAGES);
  const { pathname } = useLocation();
  return (
    <MessagePage title={pages.notFoundTitle}>
      <Typography>{pages.notFoundText({ path: pathname })}</Typography>
      <BackToDashboard />
    </MessagePage>
  );
}
