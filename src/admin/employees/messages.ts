/**
 * The words of the employee screens, in English and Hindi (i18n/words.ts), so that screens and tests read the same
 * text. Sentences in quotes in the product spec (sections 2, 4, 5 and 8) are copied exactly. What the declaration
 * in src/resources/employees.ts already says (field labels, Gender/Status/Role values, the empty list, the delete
 * confirmation, Add/Edit Employee, Employee Details, "Employee added/deleted successfully.") is not repeated here:
 * the screens read it through react-admin's translator (`useResourceText(employees)`, Hindi in
 * src/resources/hindi/employees.ts), as do the generated screens' words (S.No, View, All, Yes, No). Validation
 * sentences (the declaration's, the password policy's) are said in Hindi by the translator itself
 * (i18n/validation.ts): the screens pass them through `translate`.
 */
import { employees, EMPLOYEE_ROLES, EMPLOYEE_STATUSES } from '../../resources/employees.ts';
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

/** The routes (spec section 2). */
export const EMPLOYEE_ROUTES = {
  list: '/employee',
  add: '/employee/add',
  edit: '/employee/edit',
  view: '/employee/view',
} as const;

/** How the screens behave (not words). */
export const EMPLOYEE_SCREEN = {
  genders: employees.fields.gender.values,
  roles: EMPLOYEE_ROLES,
  statuses: EMPLOYEE_STATUSES,
  /** Spec section 9: after a successful add, back to the list after 2 seconds. */
  redirectDelayMs: 2000,
} as const;

export const EMPLOYEE = defineWords('employees', {
  title: 'All Employees',
  total: 'Total: %{count}',
  export: 'Export',
  searchPlaceholder: 'Search by employee id, name or email',
  columns: { name: 'Name', actions: 'Actions' },
  fetchFailed: 'Something went wrong while fetching employees.',
  deleteFailed: 'Failed to delete employee. Please try again.',

  // The wizard (spec section 4) and the edit form.
  profileTab: 'Profile',
  permissionTab: 'Permission',
  next: 'Next',
  back: 'Back',
  submit: 'Submit',
  cancel: 'Cancel',
  selectAll: 'Select All',
  clearAll: 'Clear All',
  password: 'Password',
  /** Spec section 5: the alert of a missing choice (department, designation, role, photo). */
  choose: 'Please fill out %{label}',
  createFailed: 'Error: %{message}',
  somethingWrong: 'Something went wrong!',
  updateFailed: 'Failed to update employee.',
  /** Editing: the photo is replaced after the rest is saved (its own request). */
  changePhoto: 'Change Photo',
  photoFailed: 'The employee was updated, but the photo was not saved: %{message}',

  // The view screen.
  contract: 'Contract Details',
  job: 'Job Info',
  noPhoto: 'No photo',
  viewFailed: 'Failed to fetch employee',
} as const);

export const EMPLOYEE_HI = hindi(EMPLOYEE, {
  title: 'सभी कर्मचारी',
  total: 'कुल: %{count}',
  export: 'निर्यात',
  searchPlaceholder: 'आईडी, नाम या ईमेल से खोजें',
  columns: { name: 'नाम', actions: 'कार्रवाई' },
  fetchFailed: 'कर्मचारियों की सूची लाते समय कुछ गड़बड़ हो गई।',
  deleteFailed: 'कर्मचारी हटाया नहीं जा सका। कृपया फिर कोशिश करें।',

  profileTab: 'प्रोफ़ाइल',
  permissionTab: 'अनुमति',
  next: 'आगे',
  back: 'वापस',
  submit: 'जमा करें',
  cancel: 'रद्द करें',
  selectAll: 'सभी चुनें',
  clearAll: 'सभी हटाएँ',
  password: 'पासवर्ड',
  choose: 'कृपया %{label} चुनें',
  createFailed: 'त्रुटि: %{message}',
  somethingWrong: 'कुछ गड़बड़ हो गई!',
  updateFailed: 'कर्मचारी अपडेट नहीं हो सका।',
  changePhoto: 'फ़ोटो बदलें',
  photoFailed: 'कर्मचारी अपडेट हो गया, पर फ़ोटो सहेजी नहीं जा सकी: %{message}',

  contract: 'अनुबंध का विवरण',
  job: 'नौकरी की जानकारी',
  noPhoto: 'फ़ोटो नहीं',
  viewFailed: 'कर्मचारी का विवरण नहीं मिल सका',
});

/**
 * The permission matrix's words (parts.tsx PermissionTable, shown by employees, role permissions and My Profile):
 * its headings, scopes, capabilities, and the names of the catalogue's features and of its sub-features that are no
 * declared resource's (src/resources/permissions.ts; messages.test.ts fails when the catalogue has a name without
 * its word, here or in the resource's words).
 */
export const PERMISSION_TABLE = defineWords('permissionTable', {
  feature: 'Feature',
  subFeature: 'Sub-feature',
  scopes: { Self: 'Self', Global: 'Global' },
  capabilities: { View: 'View', Add: 'Add', Edit: 'Edit', Delete: 'Delete' },
  features: {
    Dashboard: 'Dashboard',
    Company: 'Company',
    Activity: 'Activity',
    User: 'User',
    'Master Data': 'Master Data',
    Media: 'Media',
    Gallery: 'Gallery',
    Website: 'Website',
    Donations: 'Donations',
    Contact: 'Contact',
    Settings: 'Settings',
  },
  // The rows that are no declared resource's: a declared resource's row is named by its words
  // (`resources.<name>.subFeature`, its Hindi beside its declaration in src/resources/hindi/).
  subFeatures: {
    Dashboard: 'Dashboard',
    'Audit Logs': 'Audit Logs',
  },
} as const);

export const PERMISSION_TABLE_HI = hindi(PERMISSION_TABLE, {
  feature: 'सुविधा',
  subFeature: 'उप-सुविधा',
  scopes: { Self: 'स्वयं', Global: 'सभी' },
  capabilities: { View: 'देखें', Add: 'जोड़ें', Edit: 'संपादित करें', Delete: 'हटाएँ' },
  features: {
    Dashboard: 'डैशबोर्ड',
    Company: 'संस्था',
    Activity: 'गतिविधि',
    User: 'उपयोगकर्ता',
    'Master Data': 'मास्टर डेटा',
    Media: 'मीडिया',
    Gallery: 'गैलरी',
    Website: 'वेबसाइट',
    Donations: 'दान',
    Contact: 'संपर्क',
    Settings: 'सेटिंग्स',
  },
  subFeatures: {
    Dashboard: 'डैशबोर्ड',
    'Audit Logs': 'ऑडिट लॉग',
  },
});

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [
  [EMPLOYEE, EMPLOYEE_HI],
  [PERMISSION_TABLE, PERMISSION_TABLE_HI],
];
