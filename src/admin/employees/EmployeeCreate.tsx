/**
 * /employee/add (spec sections 2, 4, 5, 8): the two-step wizard. Step 1 (Profile) takes every profile field and
 * the photo; Next checks them all with the server's rules (profile.ts: the declaration's sentences, 'Please fill
 * out {field}' for a missing one, and the one password policy) and shows every problem at once under its field,
 * the first also in the alert. Step 2 (Permission) takes the department, designation (cleared when the
 * department changes), role and the permission matrix (Select All sets every permission in both scopes; Clear
 * All empties it). Submit creates the employee (multipart, with the photo), says so, and goes to /employee after
 * 2 seconds; a failure says 'Error: {server message or Something went wrong!}', and a refusal of step 1's fields
 * (an email already taken) returns to step 1 with each sentence under its field. Cancel goes back to /employee.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { Title, useCreate } from 'react-admin';
import { employees } from '../../resources/employees.ts';
import { usePasswordPolicy } from '../account/messages.ts';
import { serverMessage, useDelayedReturn } from '../company/shared.tsx';
import { useResourceText } from '../generated/messages.ts';
import { useWords } from '../i18n/words.ts';
import { EMPLOYEE, EMPLOYEE_ROUTES, EMPLOYEE_SCREEN } from './messages.ts';
import { AccessStep, useAccessState, WizardButtons } from './parts.tsx';
import { missingChoice, PHOTO, profileProblems, profileRecord, type ProfileValues } from './profile.ts';
import { PhotoPicker, ProfileInput, useSentence } from './ProfileInputs.tsx';
import { PageHeading } from '../layout/PageParts.tsx';

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

/** Field errors of the server's answer that belong to step 1 (by declared field). */
function stepOneErrors(error: unknown): Record<string, string> {
  const errors = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  if (errors === null || typeof errors !== 'object') return {};
  const stepOne = new Set<string>([...PROFILE_FIELDS, 'password', PHOTO]);
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).filter(
      (entry): entry is [string, string] => stepOne.has(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}

export function EmployeeCreate() {
  const [step, setStep] = useState<0 | 1>(0);
  const [values, setValues] = useState<ProfileValues>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const access = useAccessState({ departmentId: '', designationId: '', role: 'user', permissions: {} });
  const { departmentId, designationId, role, permissions } = access;
  const [alert, setAlert] = useState<string | undefined>(undefined);
  const [create, { isPending }] = useCreate();
  const { done, finish } = useDelayedReturn(EMPLOYEE_ROUTES.list, EMPLOYEE_SCREEN.redirectDelayMs);
  const w = useWords(EMPLOYEE);
  const resourceText = useResourceText(employees);
  const policy = usePasswordPolicy();
  const say = useSentence();
  const title = resourceText('title.create');

  /**
   * A change to a field that shows a problem checks that field again: its problem goes once it is fixed (or is said
   * anew), and an alert that said it says the next problem still shown, or goes. Other fields keep what they show
   * (a server's refusal of the email stays until the email changes); a field with no problem shown gets none here.
   */
  const recheck = (field: string, nextValues: ProfileValues, nextPhoto: File | null) => {
    if (!(field in errors)) return;
    const problem = addProfileProblems(nextValues, nextPhoto).find(([name]) => name === field);
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
    const problems = addProfileProblems(values, photo);
    setErrors(Object.fromEntries(problems));
    setAlert(problems[0] ? say(problems[0][1]) : undefined);
    return problems.length === 0;
  };

  const next = () => {
    if (checkProfile()) setStep(1);
  };

  const submit = () => {
    if (!checkProfile()) return setStep(0);
    if (departmentId === '') return setAlert(say(missingChoice('department_id')));
    if (designationId === '') return setAlert(say(missingChoice('designation_id')));
    setAlert(undefined);
    const data = {
      ...profileRecord(values, PROFILE_FIELDS),
      password: values.password,
      department_id: Number(departmentId),
      designation_id: Number(designationId),
      role,
      permissions,
      user_profile: { rawFile: photo },
    };
    create(
      'employees',
      { data },
      {
        onSuccess: () => finish(resourceText('created')),
        onError: (error) => {
          const refused = stepOneErrors(error);
          if (Object.keys(refused).length > 0) {
            setErrors(refused);
            setStep(0);
          }
          const message = serverMessage(error);
          setAlert(w.createFailed({ message: message ? say(message) : w.somethingWrong }));
        },
      },
    );
  };

  const input = (name: string, type?: 'text' | 'email' | 'tel' | 'date' | 'number' | 'password') => (
    <ProfileInput
      key={name}
      name={name}
      label={resourceText(`fields.${name}`)}
      type={type}
      values={values}
      errors={errors}
      onChange={change}
    />
  );

  return (
    <Box>
      <Title title={title} />
      <PageHeading>{title}</PageHeading>
      <Paper sx={{ p: 2 }}>
        <Tabs value={step} aria-label={title}>
          <Tab label={w.profileTab} onClick={() => setStep(0)} />
          <Tab label={w.permissionTab} onClick={next} />
        </Tabs>
        {alert ? (
          <Alert severity="error" role="alert" sx={{ my: 1 }}>
            {alert}
          </Alert>
        ) : null}
        {done ? (
          <Alert severity="success" role="status" sx={{ my: 1 }}>
            {done}
          </Alert>
        ) : null}
        {step === 0 ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2, rowGap: 1, mt: 1 }}>
            {PROFILE_INPUTS.map(([name, type]) => input(name, type))}
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
            <ProfileInput
              name="gender"
              label={resourceText('fields.gender')}
              options={EMPLOYEE_SCREEN.genders}
              optionLabel={(gender) => resourceText(`choices.gender.${gender}`)}
              values={values}
              errors={errors}
              onChange={change}
            />
            <PhotoPicker file={photo} onFile={choosePhoto} error={errors[PHOTO]} />
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
          onSubmit={submit}
          submitDisabled={isPending || done !== undefined}
        />
      </Paper>
    </Box>
  );
}
