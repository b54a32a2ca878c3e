/**
 * How a form's dropdowns tell the form that their choices could not be loaded: the form says so once, above its
 * inputs, in the declaration's words (spec section 8: 'Failed to load departments.').
 */
import { createContext, useContext, useEffect } from 'react';
import { useChoicesContext } from 'react-admin';

export const ChoicesFailureContext = createContext<(error: unknown) => void>(() => undefined);

/** Inside a ReferenceInput: reports its failed fetch to the form around it. */
export function ReportChoicesFailure(): null {
  const { error } = useChoicesContext();
  const report = useContext(ChoicesFailureContext);
  useEffect(() => {
    if (error) report(error);
  }, [error, report]);
  return null;
}
