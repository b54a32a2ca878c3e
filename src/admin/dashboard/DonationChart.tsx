import { Box, Card, CardContent, Typography, useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useWords } from '../i18n/words.ts';
import { DASHBOARD } from './messages.ts';
import { useFormats } from '../i18n/format.ts';
import { formatCompactRupees, formatMonth, formatRupees, type DashboardSummary } from './summary.ts';
import { visuallyHidden } from '../layout/visually-hidden.ts';

/** The twelve-month bar chart, with the same figures in a table for screen readers. */
export function DonationChart({ months }: { months: DashboardSummary['monthlyDonations'] }) {
  const dashboard = useWords(DASHBOARD);
  const theme = useTheme();
  const { locale } = useFormats();
  const rows = months.map(({ month, total }) => ({ label: formatMonth(month, locale), total }));
  return (
    <Card component="section" aria-labelledby="donation-chart-title" sx={{ position: 'relative' }}>
      <CardContent>
        <Typography id="donation-chart-title" variant="h6" component="h2" gutterBottom>
          {dashboard.chartTitle}
        </Typography>
        {/* The table below speaks the figures; the chart is for the eyes only, so it takes no keyboard focus
            (recharts' keyboard layer would make a focusable element inside aria-hidden). */}
        <Box aria-hidden>
          <ResponsiveContainer width="100%" height={320}>
            <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" />
              <YAxis tickFormatter={formatCompactRupees} width={72} allowDecimals={false} />
              <Tooltip formatter={(value) => formatRupees(Number(value))} />
              <Bar dataKey="total" name={dashboard.chartSeries} fill={theme.palette.primary.main} />
            </BarChart>
          </ResponsiveContainer>
        </Box>
        <Box sx={visuallyHidden}>
          <table>
            <caption>{dashboard.chartTitle}</caption>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{formatRupees(row.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      </CardContent>
    </Card>
  );
}
