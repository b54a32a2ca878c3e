/**
 * The role-permission screens' own words, in English and Hindi (i18n/words.ts), so that screens and tests read the
 * same text. What the declarations already say (src/resources/role-permissions.ts, roles.ts, employees.ts,
 * users.ts: Add Permission, the field labels, the empty list, the delete confirmation, "Permission not found.",
 * "… added/updated/deleted successfully.") is not repeated here: the screens read it through react-admin's
 * translator (`resources.<name>.…`, Hindi in src/resources/hindi/ beside each declaration), as do react-admin's own
 * words (Save, Cancel, Edit) and the generated screens' (View, All, Yes, No).
 */
import { rolePermissions } from '../../resources/role-permissions.ts';
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

export const ROLE_PERMISSION_ROUTES = {
  list: rolePermissions.routes.list,
  add: rolePermissions.routes.create,
  /** The spec's Add Permission button goes to the add route spelled with three s's (an alias of `add`). */
  addAsSpelled: '/role-permisssion/add',
  edit: rolePermissions.routes.edit,
  view: rolePermissions.routes.show,
} as const;

/** The list's page size and the forms' return to the list (spec section 9: after 2 seconds). */
export const ROLE_PERMISSION_SCREEN = {
  redirectDelayMs: 2000,
} as const;

export const ROLE_PERMISSION = defineWords('rolePermissions', {
  title: 'Role Permissions',
  searchPlaceholder: 'Search by role, department or designation',
  /** The spec spells the list's first column 'SNo'. */
  number: 'SNo',
  actions: 'Actions',
  fetchFailed: 'Something went wrong while fetching permissions.',
  deleteFailed: 'Failed to delete permission.',

  // The add and edit forms.
  addTitle: 'Add Role Permission',
  editTitle: 'Edit Role Permission',
  selectAll: 'Select All',
  clearAll: 'Clear All',
  /** Spec section 5: the one sentence when the department, designation or role is missing (the declaration's). */
  allRequired: 'All fields (Role Name, Department, and Designation) are required.',
  noRoles: 'No roles in this department and designation yet. Add one under Role first.',
  update: 'Update',
  saveFailed: 'Error: %{message}',
  somethingWrong: 'Something went wrong!',

  // The view.
  viewTitle: 'Role Permission Details',
  roleActive: 'Role active',
  roleInactive: 'The role is inactive: its permissions apply to nobody until it is active again.',
  employeesTitle: 'Employees it applies to',
  employeesNote: "Employees whose department and designation are the role's.",
  noEmployees: 'No employees in this department and designation.',
  usersTitle: 'Users with this role',
  noUsers: 'No users have this role.',
  name: 'Name',
  back: 'Back',
} as const);

export const ROLE_PERMISSION_HI = hindi(ROLE_PERMISSION, {
  title: 'भूमिका अनुमतियाँ',
  searchPlaceholder: 'भूमिका, विभाग या पद से खोजें',
  number: 'क्रम सं.',
  actions: 'कार्रवाई',
  fetchFailed: 'अनुमतियाँ लाते समय कुछ गड़बड़ हो गई।',
  deleteFailed: 'अनुमति हटाई नहीं जा सकी।',

  addTitle: 'भूमिका अनुमति जोड़ें',
  editTitle: 'भूमिका अनुमति संपादित करें',
  selectAll: 'सभी चुनें',
  clearAll: 'सभी हटाएँ',
  allRequired: 'सभी फ़ील्ड (भूमिका का नाम, विभाग और पद) आवश्यक हैं।',
  noRoles: 'इस विभाग और पद में अभी कोई भूमिका नहीं है। पहले भूमिका में एक भूमिका जोड़ें।',
  update: 'अपडेट करें',
  saveFailed: 'त्रुटि: %{message}',
  somethingWrong: 'कुछ गड़बड़ हो गई!',

  viewTitle: 'भूमिका अनुमति का विवरण',
  roleActive: 'भूमिका सक्रिय है',
  roleInactive: 'यह भूमिका निष्क्रिय है: जब तक यह फिर से सक्रिय न हो, इसकी अनुमतियाँ किसी पर लागू नहीं होतीं।',
  employeesTitle: 'जिन कर्मचारियों पर लागू है',
  employeesNote: 'वे कर्मचारी जिनका विभाग और पद इस भूमिका के समान है।',
  noEmployees: 'इस विभाग और पद में कोई कर्मचारी नहीं है।',
  usersTitle: 'इस भूमिका वाले उपयोगकर्ता',
  noUsers: 'किसी उपयोगकर्ता की यह भूमिका नहीं है।',
  name: 'नाम',
  back: 'वापस',
});

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [[ROLE_PERMISSION, ROLE_PERMISSION_HI]];
