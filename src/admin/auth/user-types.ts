/** The user types of the sign-in form, as the server knows them. */
export const USER_TYPES = ['Admin', 'Employee'] as const;
export type UserType = (typeof USER_TYPES)[number];
