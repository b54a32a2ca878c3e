/**
 * The honest page of a menu area whose screen is not built yet: it names the area and shows no sample data.
 */
import ConstructionIcon from '@mui/icons-material/Construction';
import { Typography } from '@mui/material';
import { useWords } from '../i18n/words.ts';
import { PAGES } from './messages.ts';
import { BackToDashboard, MessagePage } from './MessagePage.tsx';

export function ComingSoon({ area }: { area: string }) {
  const pages = useWords(PAGES);
  return (
    <MessagePage
      title={area}
      heading={pages.comingSoonTitle({ area })}
      icon={<ConstructionIcon color="action" sx={{ fontSize: 48 }} aria-hidden />}
    >
      <Typography>{pages.comingSoonText({ area })}</Typography>
      <BackToDashboard />
    </MessagePage>
  );
}
