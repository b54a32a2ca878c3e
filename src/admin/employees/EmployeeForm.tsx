/**
 * The employee's two-step form, for adding one (EmployeeCreate.tsx) and editing one (EmployeeEdit.tsx), which say
 * only how they differ: step 1's inputs and its check, a new employee's password, an existing one's record (its
 * values, its status and Active, its stored photo) and how a submission is saved.
 *
 * Step 1 (Profile) takes the profile and the photo; Next checks them with the server's rules (profile.ts) and shows
 * every problem at once under its field, the first also in the alert; a change to a field that shows a problem
 * checks that field again. Step 2 (Permission) takes the department, designation (cleared when the department
 * changes), role and the permission matrix (parts.tsx). Submit checks both steps, then saves: a refusal of step 1's
 * fields (an email already taken) returns to step 1 with each sentence under its field; a saved form says so and goes
 * back to /employee after the spec's delay, or at once when the save has nothing to say.
 */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import type { RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { employees } from '../../resources/employees.ts';
import { usePasswordPolicy } from '../auth/password-policy.ts';
import { FormAlerts, useDelayedReturn } from '../generator/screen-parts.tsx';
import { useResourceText } from '../generator/messages.ts';
import { useWords } from '../i18n/words.ts';
import { EMPLOYEE, EMPLOYEE_ROUTES, EMPLOYEE_SCREEN } from './messages.ts';
import { AccessStep, useAccessState, WizardButtons } from './parts.tsx';
import type { PermissionMatrix } from '../../resources/permissions.ts';
import { missingChoice, PHOTO, type ProfileValues } from './profile.ts';
import { PhotoPicker, ProfileInput, useSentence } from './ProfileInputs.tsx';

type InputType = 'text' | 'email' | 'tel' | 'date' | 'number';

/** What Submit hands to the save: step 1's values and photo, Active, and step 2's choices. */
export interface EmployeeSubmission {
  values: ProfileValues;
  photo: File | null;
  isActive: boolean;
  departmentId: string;
  designationId: string;
  role: string;
  permissions: PermissionMatrix;
}

/**
 * How a save went: saved (`done`, the sentence said before the delayed return; without it, straight back to the
 * list), or not, with the alert's sentence, the server's answer (its field errors of step 1 go under their fields)
 * and a sentence for under the photo when it was the photo that failed.
 */
export type SaveOutcome =
  { ok: true; done?: string } | { ok: false; alert: string; error?: unknown; photoError?: string };

export interface EmployeeFormProps {
  /** The form's name (its tabs are named by it). */
  title: string;
  /** Step 1's inputs, in the order they show (and Next reports) them: declared field and input type. */
  inputs: readonly (readonly [string, InputType])[];
  /** Every problem of step 1, in its order (empty when Next may go on). */
  problems: (values: ProfileValues, photo: File | null) => [string, string][];
  /** A new employee's sign-in password, after the inputs. */
  password?: boolean;
  /** The employee edited: the form starts from it, and offers its status, Active and a new photo. */
  record?: RaRecord;
  save: (submission: EmployeeSubmission) => Promise<SaveOutcome>;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Field errors of the server's answer that belong to step 1 (by declared field). */
function stepOneErrors(error: unknown, fields: ReadonlySet<string>): Record<string, string> {
  const errors = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  if (errors === null || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).filter(
      (entry): entry is [string, string] => fields.has(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}

export function EmployeeForm({ title, inputs, problems, password, record, save }: EmployeeFormProps) {
  const navigate = useNavigate();
  // The record's step 1 fields; a new employee starts empty.
  const fields = [...inputs.map(([name]) => name), 'gender', ...(record ? ['status'] : [])];
  const [step, setStep] = useState<0 | 1>(0);
  const [values, setValues] = useState<ProfileValues>(() =>
    record
      ? {
          ...Object.fromEntries(fields.map((name) => [name, text(record[name])])),
          status: text(record.status) || 'Active',
        }
      : {},
  );
  const [isActive, setIsActive] = useState(record?.is_active !== false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const access = useAccessState({
    departmentId: text(record?.department_id),
    designationId: text(record?.designation_id),
    role: text(record?.role) || 'user',
    permissions: (record?.permissions ?? {}) as PermissionMatrix,
  });
  const { departmentId, designationId, role, permissions } = access;
  const [alert, setAlert] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const { done, finish } = useDelayedReturn(EMPLOYEE_ROUTES.list, EMPLOYEE_SCREEN.redirectDelayMs);
  const w = useWords(EMPLOYEE);
  const resourceText = useResourceText(employees);
  const policy = usePasswordPolicy();
  const say = useSentence();
  const stepOne = new Set<string>([...fields, ...(password ? ['password'] : []), PHOTO]);

  /**
   * A change to a field that shows a problem checks that field again: its problem goes once it is fixed (or is said
   * anew), and an alert that said it says the next problem still shown, or goes. Other fields keep what they show
   * (a server's refusal of the email stays until the email changes); a field with no problem shown gets none here.
   */
  const recheck = (field: string, nextValues: ProfileValues, nextPhoto: File | null) => {
    if (!(field in errors)) return;
    const problem = problems(nextValues, nextPhoto).find(([name]) => name === field);
    const next = Object.fromEntries(
      Object.entries(errors).flatMap(([name, sentence]) =>
        name !== field ? [[name, sentence]] : problem ? [[name, problem[1]]] : [],
      ),
    );
    setErrors(next);
    if (alert === say(errors[field]!)) {
      const first = Object.values(next)[0];
      setAlert(first === undefined ? undefined : say(first));
    }
  };

  const change = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    recheck(name, next, photo);
  };

  /** Choosing a photo clears 'Please fill out Photo' at once, not at the next Next. */
  const choosePhoto = (file: File | null) => {
    setPhoto(file);
    recheck(PHOTO, values, file);
  };

  /** Checks step 1 and shows every problem; true when step 2 may follow. */
  const checkProfile = () => {
    const found = problems(values, photo);
    setErrors(Object.fromEntries(found));
    setAlert(found[0] ? say(found[0][1]) : undefined);
    return found.length === 0;
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
    const outcome = await save({ values, photo, isActive, departmentId, designationId, role, permissions });
    setBusy(false);
    if (outcome.ok) {
      if (outcome.done === undefined) navigate(EMPLOYEE_ROUTES.list);
      else finish(outcome.done);
      return;
    }
    const refused =
      outcome.photoError !== undefined ? { [PHOTO]: outcome.photoError } : stepOneErrors(outcome.error, stepOne);
    if (Object.keys(refused).length > 0) {
      setErrors(refused);
      setStep(0);
    }
    setAlert(outcome.alert);
  };

  const stored = typeof record?.user_profile === 'string' && record.user_profile ? record.user_profile : null;
  const select = (name: 'gender' | 'status', options: readonly string[]) => (
    <ProfileInput
      name={name}
      label={resourceText(`fields.${name}`)}
      options={options}
      optionLabel={(option) => resourceText(`choices.${name}.${option}`)}
      values={values}
      errors={errors}
      onChange={change}
    />
  );

  return (
    <Paper sx={{ p: 2 }}>
      <Tabs value={step} aria-label={title}>
        <Tab label={w.profileTab} onClick={() => setStep(0)} />
        <Tab label={w.permissionTab} onClick={next} />
      </Tabs>
      <FormAlerts alert={alert} done={done} gap="my" />
      {step === 0 ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2, rowGap: 1, mt: 1 }}>
          {inputs.map(([name, type]) => (
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
          {password ? (
            <ProfileInput
              name="password"
              label={w.password}
              type="password"
              autoComplete="new-password"
              help={policy.rules.join(' ')}
              values={values}
              errors={errors}
              onChange={change}
            />
          ) : null}
          {select('gender', EMPLOYEE_SCREEN.genders)}
          {record ? select('status', EMPLOYEE_SCREEN.statuses) : null}
          {record ? (
            <FormControlLabel
              control={<Checkbox checked={isActive} onChange={(event) => setIsActive(event.target.checked)} />}
              label={resourceText('fields.is_active')}
            />
          ) : null}
          <PhotoPicker
            file={photo}
            onFile={choosePhoto}
            stored={stored}
            error={errors[PHOTO]}
            label={stored ? w.changePhoto : undefined}
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
        submitDisabled={busy || done !== undefined}
      />
    </Paper>
  );
}
