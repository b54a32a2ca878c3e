import { createContext } from 'react';
import { fetchDashboard, type DashboardLoader } from './summary.ts';

/** Where the dashboard gets its figures: the server by default; the demo mode and tests provide their own. */
export const DashboardSourceContext = createContext<DashboardLoader>(fetchDashboard);
