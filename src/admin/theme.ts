/**
 * The admin's theme: react-admin's default, with a primary blue dark enough for text in it to be read where it
 * appears (a focused field's label on the field's grey, a text button on the form toolbar's grey, links): at least
 * 4.5:1 against each, which MUI's #1976d2 is not (axe-core, tests/e2e/content.test.ts).
 */
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const PRIMARY = '#1558b0';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: PRIMARY } },
};
