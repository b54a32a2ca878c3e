import { Box, Card, CardContent, Typography } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';

/** One summary figure of the dashboard, named by its label for screen readers. */
export function StatCard({ label, value, icon: Icon }: { label: string; value: string; icon: SvgIconComponent }) {
  const id = `stat-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Icon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Box>
          <Typography id={id} variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h5" component="p">
            {value}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
