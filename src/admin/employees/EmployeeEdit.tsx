/**
 * /employee/edit/:id and /employee/edit with the record in navigation state (spec sections 2, 4, 5, 8): the two-step
 * wizard (EmployeeForm.tsx) on the employee's record. Step 1 the profile (full name, email, mobile, gender, salary,
 * contract start and end dates; status Active/Inactive/Pending and Active; a new photo); step 2 department,
 * designation, role (all required) and the permissions; Back returns to step 1. Submit saves the record on the
 * contract's JSON update, then a new photo on its own route, and goes to /employee; a failure says 'Failed to
 * update employee.', and a refused photo says why under it.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Title, useGetOne, useUpdate, type RaRecord } from 'react-admin';
import { employees } from '../../resources/employees.ts';
import { serverMessage } from '../generator/errors.ts';
import { useEditId } from '../generator/screen-parts.tsx';
import { useResourceText } from '../generator/messages.ts';
import { useWords } from '../i18n/words.ts';
import { PageHeading } from '../layout/PageParts.tsx';
import { uploadEmployeePhoto } from './api.ts';
import { EmployeeForm, type EmployeeSubmission, type SaveOutcome } from './EmployeeForm.tsx';
import { EMPLOYEE } from './messages.ts';
import { profileProblems, profileRecord, type ProfileValues } from './profile.ts';
import { useSentence } from './ProfileInputs.tsx';

/** Step 1's inputs, in the order they show (and Next reports) them: declared field and input type. */
const EDIT_INPUTS = [
  ['full_name', 'text'],
  ['email', 'email'],
  ['mobile', 'tel'],
  ['salary', 'number'],
  ['contract_start_date', 'date'],
  ['contract_last_date', 'date'],
] as const;

/** The declared fields step 1 edits, in the order it shows them. */
export const EDIT_FIELDS = [...EDIT_INPUTS.map(([name]) => name), 'gender', 'status'] as const;

/** Every problem of the edit's step 1 (empty when Next may go on). */
export function editProfileProblems(values: ProfileValues, photo: File | null): [string, string][] {
  return profileProblems(values, { fields: EDIT_FIELDS, photo: { file: photo, required: false } });
}

/** Saves the record, then a new photo: what the form is told of each. */
function useEditSave(record: RaRecord) {
  const [update] = useUpdate();
  const w = useWords(EMPLOYEE);
  const say = useSentence();
  return async (form: EmployeeSubmission): Promise<SaveOutcome> => {
    try {
      const data = {
        ...profileRecord(form.values, EDIT_FIELDS),
        is_active: form.isActive,
        department_id: Number(form.departmentId),
        designation_id: Number(form.designationId),
        role: form.role,
        permissions: form.permissions,
      };
      await update(
        'employees',
        { id: record.id, data, previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      return { ok: false, error, alert: w.updateFailed };
    }
    if (form.photo) {
      try {
        await uploadEmployeePhoto(record.id, form.photo);
      } catch (error) {
        const message = serverMessage(error);
        return {
          ok: false,
          alert: w.photoFailed({ message: message ? say(message) : w.somethingWrong }),
          photoError: message ?? EMPLOYEE.somethingWrong,
        };
      }
    }
    return { ok: true };
  };
}

function EditForm({ record, title }: { record: RaRecord; title: string }) {
  const save = useEditSave(record);
  return <EmployeeForm title={title} inputs={EDIT_INPUTS} problems={editProfileProblems} record={record} save={save} />;
}

export function EmployeeEdit() {
  const id = useEditId();
  const { data: record, error } = useGetOne<RaRecord>(
    'employees',
    { id: id! },
    { enabled: id !== undefined, retry: false },
  );
  const w = useWords(EMPLOYEE);
  const title = useResourceText(employees)('title.edit');
  return (
    <Box>
      <Title title={title} />
      <PageHeading>{title}</PageHeading>
      {id === undefined || error ? (
        <Alert severity="error" role="alert">
          {w.viewFailed}
        </Alert>
      ) : record ? (
        <EditForm key={String(record.id)} record={record} title={title} />
      ) : null}
    </Box>
  );
}
