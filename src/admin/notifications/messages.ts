/**
 * The notifications' words in English and Hindi (i18n/words.ts): the header's bell and the list's own actions; the
 * generated list's come from the declaration.
 */
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

/** The bell's and the notifications list's own words (the generated list's come from the declaration). */
export const NOTIFICATIONS = defineWords('notifications', {
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  markAllRead: 'Mark all as read',
  noneMarked: 'There were no unread notifications.',
  allMarked: 'Marked %{smart_count} notification as read. |||| Marked %{smart_count} notifications as read.',
  failed: 'The notification could not be changed. Please try again.',
  unread: 'Unread',
  none: 'No notifications yet.',
} as const);

export const NOTIFICATIONS_HI = hindi(NOTIFICATIONS, {
  markRead: 'पढ़ा हुआ चिह्नित करें',
  markUnread: 'अपठित चिह्नित करें',
  markAllRead: 'सभी को पढ़ा हुआ चिह्नित करें',
  noneMarked: 'कोई अपठित सूचना नहीं थी।',
  allMarked: '%{smart_count} सूचना पढ़ी हुई चिह्नित की गई। |||| %{smart_count} सूचनाएँ पढ़ी हुई चिह्नित की गईं।',
  failed: 'सूचना बदली नहीं जा सकी। कृपया फिर कोशिश करें।',
  unread: 'अपठित',
  none: 'अभी कोई सूचना नहीं है।',
});

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [[NOTIFICATIONS, NOTIFICATIONS_HI]];
