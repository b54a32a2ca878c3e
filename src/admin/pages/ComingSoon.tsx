/**
 * The honest page of a menu area whose screen is not built yet: it names the area and shows no sample data.
 */
import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useWords } from '../i18n/words.ts';
import { PAGES } from '../messages.ts';

export function ComingSoon({ area }: { area: string }) {
  const pages = useWords(PAGES);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={area} />
      <Card>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
          <ConstructionIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h5" component="h1">
            {pages.comingSoonTitle({ area })}
          </Typography>
          <Typography>{pages.comingSoonText({ area })}</Typography>
          <Button component={RouterLink} to="/" variant="outlined">
            {pages.backToDashboard}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
