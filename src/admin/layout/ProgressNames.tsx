/**
 * Every progress bar of the admin has a name, in the language chosen: a spinner or bar that says nothing of itself
 * (react-admin's own: the header's loading indicator, its Loading page, a SaveButton's spinner, a reference field's
 * bar) is named "Loading" by default; one that names itself (`aria-label`, `aria-labelledby`) keeps its own name.
 * A progressbar without a name is a serious fault to axe-core (aria-progressbar-name).
 */
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useCallback, type ReactNode } from 'react';
import { useWords } from '../i18n/words.ts';
import { SHELL } from '../messages.ts';

export function ProgressNames({ children }: { children: ReactNode }) {
  const { loading } = useWords(SHELL);
  const named = useCallback(
    (outer: Theme): Theme => ({
      ...outer,
      components: {
        ...outer.components,
        MuiCircularProgress: {
          ...outer.components?.MuiCircularProgress,
          defaultProps: { ...outer.components?.MuiCircularProgress?.defaultProps, 'aria-label': loading },
        },
        MuiLinearProgress: {
          ...outer.components?.MuiLinearProgress,
          defaultProps: { ...outer.components?.MuiLinearProgress?.defaultProps, 'aria-label': loading },
        },
      },
    }),
    [loading],
  );
  return <ThemeProvider theme={named}>{children}</ThemeProvider>;
}
