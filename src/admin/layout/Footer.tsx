import { Box, Typography } from '@mui/material';
import { APP_TITLE, DEVELOPER_CREDIT } from '../messages.ts';

export function Footer() {
  return (
    <Box component="footer" sx={{ py: 2, px: 1, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">
        © {new Date().getFullYear()} {APP_TITLE}. {DEVELOPER_CREDIT}.
      </Typography>
    </Box>
  );
}
