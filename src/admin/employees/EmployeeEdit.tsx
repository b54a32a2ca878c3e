/**
 * /employee/edit/:id and /employee/edit with the record in navigation state (spec sections 2, 4, 5, 8): step 1
 * the profile (full name, email, mobile, gender, salary, contract start and end dates; status
 * Active/Inactive/Pending and Active; a new photo), checked before Next with the server's rules, every problem at
 * once under its field (profile.ts); step 2 department, designation, role (all required) and the permissions;
 * Back returns to step 1. Submit saves the record on the contract's JSON update, then a new photo on its own
 * route, and goes to /employee; a failure says 'Failed to update employee.', and a refusal of step 1's fields (an
 * email already taken) returns to step 1 with the sentence under its field.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { Title, useGetOne, useUpdate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { employees } from '../../resources/employees.ts';
import { serverMessage, useEditId } from '../company/shared.tsx';
import { useResourceText } from '../generated/messages.ts';
import { useWords } from '../i18n/words.ts';
import { uploadEmployeePhoto } from './api.ts';
import { EMPLOYEE, EMPLOYEE_ROUTES, EMPLOYEE_SCREEN } from './messages.ts';
import { AccessStep, useAccessState, WizardButtons } from './parts.tsx';
import type { PermissionMatrix } from './permissions.ts';
import { missingChoice, PHOTO, profileProblems, profileRecord, type ProfileValues } from './profile.ts';
import { PhotoPicker, ProfileInput, useSentence } from './ProfileInputs.tsx';
import { PageHeading } from '../layout/PageParts.tsx';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

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

/** Field errors of the server's answer that belong to step 1 (by declared field). */
function stepOneErrors(error: unknown): Record<string, string> {
  const errors = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  if (errors === null || typeof errors !== 'object') return {};
  const stepOne = new Set<string>([...EDIT_FIELDS, PHOTO]);
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).filter(
      (entry): entry is [string, string] => stepOne.has(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}

function EditForm({ record }: { record: RaRecord }) {
  const navigate = useNavigate();
  const [step, setStep] = useState<0 | 1>(0);
  const [values, setValues] = useState<ProfileValues>(() => ({
    ...Object.fromEntries(EDIT_FIELDS.map((name) => [name, text(record[name])])),
    status: text(record.status) || 'Active',
  }));
  const [isActive, setIsActive] = useState(record.is_active !== false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const access = useAccessState({
    departmentId: text(record.department_id),
    designationId: text(record.designation_id),
    role: text(record.role) || 'user',
    permissions: (record.permissions ?? {}) as PermissionMatrix,
  });
  const { departmentId, designationId, role, permissions } = access;
  const [alert, setAlert] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [update] = useUpdate();
  const w = useWords(EMPLOYEE);
  const resourceText = useResourceText(employees);
  const say = useSentence();

  const change = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));

  /** Checks step 1 and shows every problem; true when step 2 may follow. */
  const checkProfile = () => {
    const problems = editProfileProblems(values, photo);
    setErrors(Object.fromEntries(problems));
    setAlert(problems[0] ? say(problems[0][1]) : undefined);
    return problems.length === 0;
  };

  const next = () => {
    if (checkProfile()) setStep(1);
  };

  const submit = async () => {
    if (!checkProfile()) return setStep(0);
    const missing = (
      [
        [departmentId, 'department_id'],
        [designationId, 'designation_id'],
        [role, 'role'],
      ] as const
    ).find(([value]) => value === '');
    if (missing) return setAlert(say(missingChoice(missing[1])));
    setAlert(undefined);
    setBusy(true);
    try {
      await update(
        'employees',
        {
          id: record.id,
          data: {
            ...profileRecord(values, EDIT_FIELDS),
            is_active: isActive,
            department_id: Number(departmentId),
            designation_id: Number(designationId),
            role,
            permissions,
          },
          previousData: record,
        },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      const refused = stepOneErrors(error);
      if (Object.keys(refused).length > 0) {
        setErrors(refused);
        setStep(0);
      }
      setAlert(w.updateFailed);
      setBusy(false);
      return;
    }
    if (photo) {
      try {
        await uploadEmployeePhoto(record.id, photo);
      } catch (error) {
        const message = serverMessage(error);
        setErrors({ [PHOTO]: message ?? EMPLOYEE.somethingWrong });
        setAlert(w.photoFailed({ message: message ? say(message) : w.somethingWrong }));
        setStep(0);
        setBusy(false);
        return;
      }
    }
    setBusy(false);
    navigate(EMPLOYEE_ROUTES.list);
  };

  const stored = typeof record.user_profile === 'string' && record.user_profile ? record.user_profile : null;

  return (
    <Paper sx={{ p: 2 }}>
      <Tabs value={step} aria-label={resourceText('title.edit')}>
        <Tab label={w.profileTab} onClick={() => setStep(0)} />
        <Tab label={w.permissionTab} onClick={next} />
      </Tabs>
      {alert ? (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {alert}
        </Alert>
      ) : null}
      {step === 0 ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2, rowGap: 1, mt: 1 }}>
          {EDIT_INPUTS.map(([name, type]) => (
            <ProfileInput
              key={name}
              name={name}
              label={resourceText(`fields.${name}`)}
              type={type}
              values={values}
              errors={errors}
              onChange={change}
            />
          ))}
          <ProfileInput
            name="gender"
            label={resourceText('fields.gender')}
            options={EMPLOYEE_SCREEN.genders}
            optionLabel={(gender) => resourceText(`choices.gender.${gender}`)}
            values={values}
            errors={errors}
            onChange={change}
          />
          <ProfileInput
            name="status"
            label={resourceText('fields.status')}
            options={EMPLOYEE_SCREEN.statuses}
            optionLabel={(status) => resourceText(`choices.status.${status}`)}
            values={values}
            errors={errors}
            onChange={change}
          />
          <FormControlLabel
            control={<Checkbox checked={isActive} onChange={(event) => setIsActive(event.target.checked)} />}
            label={resourceText('fields.is_active')}
          />
          <PhotoPicker
            file={photo}
            onFile={setPhoto}
            stored={stored}
            error={errors[PHOTO]}
            label={stored ? w.changePhoto : resourceText('fields.user_profile')}
          />
        </Box>
      ) : (
        // No wider than the form: the permission table scrolls inside it on a phone instead of widening the page.
        <Box sx={{ width: 0, minWidth: '100%' }}>
          <AccessStep {...access} />
        </Box>
      )}
      <WizardButtons
        step={step}
        onNext={next}
        onBack={() => setStep(0)}
        onSubmit={() => void submit()}
        submitDisabled={busy}
      />
    </Paper>
  );
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
        <EditForm key={String(record.id)} record={record} />
      ) : null}
    </Box>
  );
}
