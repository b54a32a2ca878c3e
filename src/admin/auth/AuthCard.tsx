import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useWords } from '../i18n/words.ts';
import { LanguageSwitch } from '../layout/LanguageSwitch.tsx';
import { SHELL } from '../messages.ts';

/** The frame of the screens shown without the shell: login, forgot password, reset password. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const shell = useWords(SHELL);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ position: 'relative' }}>
            <Box sx={{ position: 'absolute', top: 0, right: 0 }}>
              <LanguageSwitch />
            </Box>
            <Typography variant="overline" color="text.secondary">
              {shell.appTitle}
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
