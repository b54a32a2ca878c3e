/**
 * The parts a screen's body is drawn with, the same on every screen: the page's heading (its one h1), a titled
 * section (a card with an h2), a line of a section ("Label: value", '-' when empty) and a row of details (label and
 * value as a term and its description). Generated and hand-written screens use these, never copies of them.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 1 }}>
      {children}
    </Typography>
  );
}

/** A titled part of a screen: a card named by its heading (a region for assistive technology). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** "Label: value" in a section; '-' for an empty value. */
export function Line({ label, value }: { label: string; value: unknown }) {
  return (
    <Typography>
      <strong>{label}:</strong> {isBlank(value) ? '-' : String(value)}
    </Typography>
  );
}

/** A label and its value, side by side: a term and its description. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="dl" sx={{ display: 'flex', gap: 2, m: 0, py: 0.5 }}>
      <Box component="dt" sx={{ fontWeight: 600, minWidth: 160 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}
