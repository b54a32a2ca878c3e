import type { BadgeColour, EnumField } from '../../resources/index.ts';

/** Colours of the values the spec gives one everywhere (Active green, Inactive red); others are plain. */
const DEFAULT_BADGES: Readonly<Record<string, BadgeColour>> = { Active: 'success', Inactive: 'error' };

/** The badge colour of an enum value: its declaration's, else the defaults. */
export function badgeColour(decl: Pick<EnumField, 'badges'>, value: string): BadgeColour {
  return decl.badges?.[value] ?? DEFAULT_BADGES[value] ?? 'default';
}
