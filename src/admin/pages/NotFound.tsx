/** The page of an admin route that does not exist (react-admin's catchAll, inside the shell). */
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useWords } from '../i18n/words.ts';
import { PAGES } from '../messages.ts';

export function NotFound() {
  const pages = useWords(PAGES);
  const { pathname } = useLocation();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={pages.notFoundTitle} />
      <Card>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {pages.notFoundTitle}
          </Typography>
          <Typography>{pages.notFoundText({ path: pathname })}</Typography>
          <Button component={RouterLink} to="/" variant="outlined">
            {pages.backToDashboard}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
