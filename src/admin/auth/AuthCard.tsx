import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { APP_TITLE } from '../messages.ts';

/** The frame of the screens shown without the shell: login, forgot password, reset password. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box>
            <Typography variant="overline" color="text.secondary">
              {APP_TITLE}
            </Typography>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
          </Box>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
