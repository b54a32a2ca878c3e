/**
 * A page that says one thing inside the shell (a route that does not exist, an area not built yet, access refused):
 * the window's title, a card with an icon, a heading and what follows it.
 */
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useWords } from '../i18n/words.ts';
import { PAGES } from './messages.ts';

export function MessagePage({
  title,
  heading = title,
  icon,
  children,
}: {
  title: string;
  heading?: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Card>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
          {icon}
          <Typography variant="h5" component="h1">
            {heading}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

/** The way back to the dashboard. */
export function BackToDashboard() {
  const pages = useWords(PAGES);
  return (
    <Button component={RouterLink} to="/" variant="outlined">
      {pages.backToDashboard}
    </Button>
  );
}
