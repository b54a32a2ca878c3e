/**
 * The demo mode (`npm run dev:demo`, VITE_DEMO=1): the spec's sample data in memory, any email and password
 * sign in, and a dashboard of zeros since nothing has been recorded. Loaded by FirstScreen.tsx only in that mode.
 */
import type { AppServices } from './App.tsx';
import { demoAuthProvider } from './auth/demo-auth-provider.ts';
import { emptyDashboard } from './dashboard/summary.ts';
import { demoData } from '../resources/demo-data.ts';
import { createDataProvider } from './providers/index.ts';

export function demoServices(): AppServices {
  return {
    authProvider: demoAuthProvider,
    dataProvider: createDataProvider({ mode: 'demo', memoryData: demoData }),
    loadDashboard: async () => emptyDashboard(),
  };
}
