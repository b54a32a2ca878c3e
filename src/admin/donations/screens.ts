/**
 * The donations area's additions to the generated donation screens (src/admin/screens.ts finds them): Cancel
 * Donation on a receipted donation, and Form 10BD on the list.
 */
import type { ScreenRegistry } from '../generated/routes.tsx';
import { CancelDonation } from './CancelDonation.tsx';
import { Form10bd } from './Form10bd.tsx';

export const screens: ScreenRegistry = {
  donations: { showActions: CancelDonation, listActions: Form10bd },
};
