/**
 * The admin shell's words, in one place, so that screens and tests read the same text. Sentences in quotes in
 * the product spec are copied exactly; the rest are plain labels of the spec's controls.
 */

export const APP_TITLE = 'Trust School Back-office';

/** The footer's developer credit (spec: "footer with the current year and a developer credit"). */
export const DEVELOPER_CREDIT = 'Developed by the Trust School IT team';

export const AUTH = {
  loginTitle: 'Log In',
  userType: 'User Type',
  userTypes: ['Admin', 'Employee'] as const,
  email: 'Email',
  password: 'Password',
  savePassword: 'Save Password',
  forgotPasswordLink: 'Forgot Password',
  logIn: 'Log In',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  loginFailed: 'Login failed. Please check your credentials.',
  forgotTitle: 'Forgot Password',
  reset: 'Reset',
  backToLogin: 'Back to Login',
  resetLinkSent: 'Reset password link sent to your email.',
  resetFailed: 'Failed to send reset link.',
  somethingWrong: 'Something went wrong. Please try again later.',
  resetTitle: 'Reset Password',
  resetLinkSentScreen: 'A password reset link has been sent to your registered email address.',
  goToLogin: 'Go to Login',
  // The new-password form of the emailed link (/reset-password?token=…); the policy's sentences are shared with
  // the server (src/resources/password-policy.ts).
  newPasswordIntro: 'Choose a new password for your account.',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
  setPassword: 'Set New Password',
  passwordResetDone: 'Your password has been reset. You can now sign in with your new password.',
  passwordResetFailed: 'The password could not be reset.',
  sessionEnded: 'Your session has expired or was ended. Please sign in again.',
} as const;

export type UserType = (typeof AUTH.userTypes)[number];

export const HEADER = {
  toggleSidebar: 'Toggle sidebar',
  home: 'Home',
  documentation: 'Documentation',
  faq: 'FAQ',
  search: 'Search',
  searchPages: 'Search pages',
  notifications: (count: number) => `Notifications, ${count} unread`,
  notificationsTitle: 'Notifications',
  viewMore: 'View More',
  messages: 'Contact messages',
  profile: 'Profile menu',
  myProfile: 'My Profile',
  editProfile: 'Edit Profile',
  logout: 'Logout',
  /** The sidebar's Login while signed in (issue 13). */
  signsOutFirst: 'Signs you out, then opens the sign-in form',
} as const;

/** The bell's and the notifications list's own words (the generated list's come from the declaration). */
export const NOTIFICATIONS = {
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  markAllRead: 'Mark all as read',
  allMarked: (count: number) =>
    count === 0
      ? 'There were no unread notifications.'
      : `Marked ${count} notification${count === 1 ? '' : 's'} as read.`,
  failed: 'The notification could not be changed. Please try again.',
  unread: 'Unread',
  none: 'No notifications yet.',
} as const;

export const DASHBOARD = {
  title: 'Dashboard',
  totalUsers: 'Total Users',
  blogPosts: 'Blog Posts',
  donations: 'Donations',
  contactMessages: 'Contact Messages',
  chartTitle: 'Monthly Donation Overview',
  chartSeries: 'Donations',
} as const;

export const PAGES = {
  comingSoonTitle: (area: string) => `${area}: coming soon`,
  comingSoonText: (area: string) =>
    `The ${area} screen is not built yet. It will appear here in a coming release; nothing is shown in its place.`,
  backToDashboard: 'Back to Dashboard',
  notFoundTitle: 'Page not found',
  notFoundText: (path: string) => `There is no page at ${path}.`,
} as const;

/** The access-denied page (a route the account may not open, or the server's 403 on a page's data). */
export const ACCESS = {
  title: 'Access denied',
  signedInAs: (name: string, email: string) =>
    email ? `You are signed in as ${name} (${email}).` : `You are signed in as ${name}.`,
  refused: (verb: string, area: string, needed?: string) =>
    `Your account does not have permission to ${verb} ${area}${needed ? ` (${needed})` : ''}.`,
  adminOnly: (verb: string, area: string) =>
    `Your account does not have permission to ${verb} ${area}: only an administrator may.`,
  refusedPage: 'Your account does not have permission to view this page.',
  serverSaid: 'The server answered:',
  askAdmin:
    'Ask an administrator to grant it: in Employees (the permissions of your own employee record) or in Role Permissions (the permissions of everyone with your department and designation).',
  askAdminOnly: 'Only an administrator account can open it.',
  signOut: 'Sign out',
} as const;
