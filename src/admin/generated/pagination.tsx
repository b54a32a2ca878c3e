/**
 * The lists' pagination: Previous and Next around "Page n of m", each disabled at its end. The page size is the
 * declaration's and is not offered for change.
 */
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Button, useListContext } from 'react-admin';

export function PreviousNextPagination() {
  const { page, perPage, total, setPage, isPending } = useListContext();
  if (isPending || !total) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Box
      component="nav"
      aria-label="Pagination"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, p: 1 }}
    >
      <Button label="Previous" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        <ChevronLeft />
      </Button>
      <Typography variant="body2" aria-live="polite">
        Page {page} of {pages}
      </Typography>
      <Button label="Next" disabled={page >= pages} onClick={() => setPage(page + 1)} alignIcon="right">
        <ChevronRight />
      </Button>
    </Box>
  );
}
