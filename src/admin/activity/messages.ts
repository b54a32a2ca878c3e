/**
 * The words of the activity-log screens (spec sections 2 "Activity logs", 4, 5, 8, 9), in English and Hindi
 * (i18n/words.ts), so that screens and tests read the same text. The declared words (field labels, statuses, the
 * empty list) come from src/resources/activities.ts, which the server speaks too, through the declaration's keys
 * (`useResourceText(activities)`); its required-fields sentence is here in the two languages.
 */
import { ACTIVITY_STATUSES } from '../../resources/activities.ts';
import { activities } from '../../resources/index.ts';
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

/** The routes and what the screens are set to (not words). */
export const ACTIVITY_SCREENS = {
  listRoute: activities.routes.list,
  /** Where the spec's add form returns (a redirect to the list). */
  returnRoute: '/activity-log',
  addRoute: activities.routes.create,
  showRoute: activities.routes.show,
  userProfileRoute: '/user/profile',
  /** The profile of the user of an account (the address carries the account, so a reload or a new tab keeps it). */
  userProfileOf: (accountId: unknown) => `/user/profile?account=${encodeURIComponent(String(accountId))}`,
  statuses: ACTIVITY_STATUSES,
} as const;

export const ACTIVITY = defineWords('activity', {
  title: 'Activity Logs',
  addTitle: 'Add Activity',
  showTitle: 'Activity Details',
  add: 'Add Activity',
  statusLabel: 'Status',
  all: 'All',
  from: 'From',
  to: 'To',
  search: 'Search by activity ID',
  searchButton: 'Search',
  /** A non-numeric search: the search is by id only. */
  searchHint: 'Enter an activity ID (a number).',
  columns: { number: 'SNo', createdAt: 'Created At', actions: 'Actions' },
  view: 'View',
  userType: 'User Type',
  mobile: 'Mobile',
  updatedAt: 'Updated At',
  back: 'Back',
  loading: 'Loading',
  notFound: 'Activity not found.',
  save: 'Save',
  cancel: 'Cancel',
  selectStatus: 'Select Status',
  /** The declaration's sentence when a required field is missing (src/resources/activities.ts). */
  allRequired: 'All fields are required.',
  added: 'Activity added successfully.',
  addFailed: 'Failed to add activity.',
} as const);

export const ACTIVITY_HI = hindi(ACTIVITY, {
  title: 'गतिविधि लॉग',
  addTitle: 'गतिविधि जोड़ें',
  showTitle: 'गतिविधि का विवरण',
  add: 'गतिविधि जोड़ें',
  statusLabel: 'स्थिति',
  all: 'सभी',
  from: 'से',
  to: 'तक',
  search: 'गतिविधि आईडी से खोजें',
  searchButton: 'खोजें',
  searchHint: 'गतिविधि आईडी (एक संख्या) दर्ज करें।',
  columns: { number: 'क्रम सं.', createdAt: 'दर्ज करने की तिथि', actions: 'कार्रवाई' },
  view: 'देखें',
  userType: 'उपयोगकर्ता का प्रकार',
  mobile: 'मोबाइल',
  updatedAt: 'अपडेट की तिथि',
  back: 'वापस',
  loading: 'लोड हो रहा है',
  notFound: 'गतिविधि नहीं मिली।',
  save: 'सहेजें',
  cancel: 'रद्द करें',
  selectStatus: 'स्थिति चुनें',
  allRequired: 'सभी फ़ील्ड भरना आवश्यक है।',
  added: 'गतिविधि सफलतापूर्वक जोड़ी गई।',
  addFailed: 'गतिविधि जोड़ी नहीं जा सकी।',
});

/** Badge colours (spec section 4): Success green, Pending yellow, Failed red. */
export const STATUS_COLOURS = { Success: 'success', Pending: 'warning', Failed: 'error' } as const;

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [[ACTIVITY, ACTIVITY_HI]];
