/**
 * The lists' pagination: Previous and Next around "Page n of m", each disabled at its end. The page size is the
 * declaration's and is not offered for change. MUI's Button keeps its words on a phone (react-admin's shows a bare
 * icon there, and a disabled one with no name at all).
 */
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useListContext } from 'react-admin';
import { useGeneratedText } from './messages.ts';

export function PreviousNextPagination() {
  const { page, perPage, total, setPage, isPending } = useListContext();
  const words = useGeneratedText();
  if (isPending || !total) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Box
      component="nav"
      aria-label={words('pagination')}
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, p: 1 }}
    >
      <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)} startIcon={<ChevronLeft />}>
        {words('previous')}
      </Button>
      <Typography variant="body2" aria-live="polite">
        {words('pageOf', { page, pages })}
      </Typography>
      <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)} endIcon={<ChevronRight />}>
        {words('next')}
      </Button>
    </Box>
  );
}
