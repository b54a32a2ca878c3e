/**
 * The admin's theme: react-admin's default, with a primary blue dark enough for text in it to be read where it
 * appears (a focused field's label on the field's grey, a text button on the form toolbar's grey, links): at least
 * 4.5:1 against each, which MUI's #1976d2 is not (axe-core, tests/e2e/content.test.ts). Likewise the warning
 * orange and the info blue, whose white text on chips (Pending, Update) and buttons was 3.1:1 and 3.9:1; an avatar
 * with no picture (its grey under white initials or words); and a disabled field's helper text ("Choose a country
 * first."), which says why the field waits and must be read (tests/e2e/sweep.test.ts).
 */
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { FONT_FAMILY, PRIMARY } from './brand.ts';

export { FONT_FAMILY, PRIMARY };

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: PRIMARY },
    warning: { main: '#b54d00' },
    info: { main: '#01579b' },
  },
  typography: { ...defaultTheme.typography, fontFamily: FONT_FAMILY },
  components: {
    ...defaultTheme.components,
    MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor: '#616161' } } },
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
  },
};
