/**
 * /employee/add (spec sections 2, 4, 5, 8): the two-step wizard (EmployeeForm.tsx) for a new employee. Step 1
 * (Profile) takes every profile field, the password (the one password policy) and the photo, which is required;
 * Next checks them all ('Please fill out {field}' for a missing one). Step 2 (Permission): Select All sets every
 * permission in both scopes; Clear All empties it. Submit creates the employee (multipart, with the photo), says so,
 * and goes to /employee after 2 seconds; a failure says 'Error: {server message or Something went wrong!}'. Cancel
 * goes back to /employee.
 */
import Box from '@mui/material/Box';
import { Title, useCreate } from 'react-admin';
import { employees } from '../../resources/employees.ts';
import { serverMessage } from '../generator/errors.ts';
import { useResourceText } from '../generator/messages.ts';
import { useWords } from '../i18n/words.ts';
import { PageHeading } from '../layout/PageParts.tsx';
import { EmployeeForm, type EmployeeSubmission, type SaveOutcome } from './EmployeeForm.tsx';
import { EMPLOYEE } from './messages.ts';
import { PHOTO, profileProblems, profileRecord, type ProfileValues } from './profile.ts';
import { useSentence } from './ProfileInputs.tsx';

/** Step 1's inputs, in the order they show (and Next reports) them: declared field and input type. */
const PROFILE_INPUTS = [
  ['full_name', 'text'],
  ['email', 'email'],
  ['mobile', 'tel'],
  ['dob', 'date'],
  ['hire_date', 'date'],
  ['salary', 'number'],
  ['contract_start_date', 'date'],
  ['contract_last_date', 'date'],
] as const;

/** The declared fields of step 1, as the server checks them (gender follows the password on screen). */
export const PROFILE_FIELDS = [...PROFILE_INPUTS.map(([name]) => name), 'gender'] as const;

/** Every problem of step 1, in its order (empty when Next may go on). */
export function addProfileProblems(values: ProfileValues, photo: File | null): [string, string][] {
  return profileProblems(values, {
    fields: PROFILE_FIELDS,
    password: true,
    photo: { file: photo, required: true },
    order: [...PROFILE_INPUTS.map(([name]) => name), 'password', 'gender', PHOTO],
  });
}

export function EmployeeCreate() {
  const [create] = useCreate();
  const w = useWords(EMPLOYEE);
  const resourceText = useResourceText(employees);
  const say = useSentence();
  const title = resourceText('title.create');

  const save = async (form: EmployeeSubmission): Promise<SaveOutcome> => {
    const data = {
      ...profileRecord(form.values, PROFILE_FIELDS),
      password: form.values.password,
      department_id: Number(form.departmentId),
      designation_id: Number(form.designationId),
      role: form.role,
      permissions: form.permissions,
      user_profile: { rawFile: form.photo },
    };
    try {
      await create('employees', { data }, { returnPromise: true });
      return { ok: true, done: resourceText('created') };
    } catch (error) {
      const message = serverMessage(error);
      return { ok: false, error, alert: w.createFailed({ message: message ? say(message) : w.somethingWrong }) };
    }
  };

  return (
    <Box>
      <Title title={title} />
      <PageHeading>{title}</PageHeading>
      <EmployeeForm title={title} inputs={PROFILE_INPUTS} problems={addProfileProblems} password save={save} />
    </Box>
  );
}
