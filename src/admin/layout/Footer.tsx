import { Box, Typography } from '@mui/material';
import { useWords } from '../i18n/words.ts';
import { SHELL } from '../messages.ts';

export function Footer() {
  const shell = useWords(SHELL);
  return (
    <Box component="footer" sx={{ py: 2, px: 1, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">{shell.footer({ year: new Date().getFullYear() })}</Typography>
    </Box>
  );
}
