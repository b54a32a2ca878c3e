/**
 * /employee/add (spec sections 2, 4, 5, 8): the two-step wizard. Step 1 (Profile) takes every profile field and
 * the photo; Next refuses the first missing one with 'Please fill out {field}'. Step 2 (Permission) takes the
 * department, designation (cleared when the department changes), role and the permission matrix (Select All
 * sets every permission in both scopes; Clear All empties it). Submit creates the employee (multipart, with the
 * photo), says so, and goes to /employee after 2 seconds; a failure says 'Error: {server message or Something
 * went wrong!}'. Cancel goes back to /employee.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useCreate } from 'react-admin';
import { PageHeading, serverMessage, useDelayedReturn } from '../company/shared.tsx';
import { EMPLOYEE as T, EMPLOYEE_ROUTES } from './messages.ts';
import { AccessStep, useAccessState, WizardButtons } from './parts.tsx';

/** Step 1's text fields in the order Next checks them (gender and photo follow). */
const PROFILE_FIELDS = [
  ['fullName', 'full_name', 'text'],
  ['email', 'email', 'email'],
  ['mobile', 'mobile', 'tel'],
  ['dob', 'dob', 'date'],
  ['hireDate', 'hire_date', 'date'],
  ['salary', 'salary', 'number'],
  ['contractStartDate', 'contract_start_date', 'date'],
  ['contractLastDate', 'contract_last_date', 'date'],
  ['password', 'password', 'password'],
] as const;

type ProfileKey = (typeof PROFILE_FIELDS)[number][0];

/** The first missing step-1 field's sentence, or undefined when step 1 is complete. */
export function missingProfileField(values: Record<string, string>, photo: File | null): string | undefined {
  for (const [key] of PROFILE_FIELDS) {
    if ((values[key] ?? '').trim() === '') return T.fill(T.labels[key]);
  }
  if ((values.gender ?? '') === '') return T.fill(T.labels.gender);
  if (!photo) return T.fill(T.labels.userProfile);
  return undefined;
}

export function EmployeeCreate() {
  const [step, setStep] = useState<0 | 1>(0);
  const [values, setValues] = useState<Record<string, string>>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | undefined>(undefined);
  const access = useAccessState({ departmentId: '', designationId: '', role: 'user', permissions: {} });
  const { departmentId, designationId, role, permissions } = access;
  const [alert, setAlert] = useState<string | undefined>(undefined);
  const [create, { isPending }] = useCreate();
  const { done, finish } = useDelayedReturn(EMPLOYEE_ROUTES.list, T.redirectDelayMs);

  useEffect(() => {
    if (!photo || typeof URL.createObjectURL !== 'function') return undefined;
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const set = (key: string) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const next = () => {
    const missing = missingProfileField(values, photo);
    setAlert(missing);
    if (!missing) setStep(1);
  };

  const submit = () => {
    if (departmentId === '') return setAlert(T.fill(T.labels.department));
    if (designationId === '') return setAlert(T.fill(T.labels.designation));
    setAlert(undefined);
    const data = {
      full_name: values.fullName!.trim(),
      email: values.email!.trim(),
      mobile: values.mobile!.trim(),
      dob: values.dob,
      hire_date: values.hireDate,
      salary: Number(values.salary),
      contract_start_date: values.contractStartDate,
      contract_last_date: values.contractLastDate,
      password: values.password,
      gender: values.gender,
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
        onSuccess: () => finish(T.created),
        onError: (error) => setAlert(T.createFailed(serverMessage(error))),
      },
    );
  };

  return (
    <Box>
      <PageHeading>{T.addTitle}</PageHeading>
      <Paper sx={{ p: 2 }}>
        <Tabs value={step} aria-label={T.addTitle}>
          <Tab label={T.profileTab} onClick={() => setStep(0)} />
          <Tab label={T.permissionTab} onClick={next} />
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
          <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, gap: 1, mt: 1 }}>
            {PROFILE_FIELDS.map(([key, , type]) => (
              <TextField
                key={key}
                id={`employee-${key}`}
                label={T.labels[key as ProfileKey]}
                type={type}
                value={values[key] ?? ''}
                onChange={set(key)}
                slotProps={type === 'date' ? { inputLabel: { shrink: true } } : {}}
                margin="dense"
              />
            ))}
            <TextField
              select
              label={T.labels.gender}
              value={values.gender ?? ''}
              onChange={set('gender')}
              margin="dense"
            >
              {T.genders.map((g) => (
                <MenuItem key={g} value={g}>
                  {g}
                </MenuItem>
              ))}
            </TextField>
            <Box>
              <MuiButton component="label" variant="outlined" sx={{ mt: 1 }}>
                {T.labels.userProfile}
                <input
                  hidden
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  aria-label={T.labels.userProfile}
                  onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
                />
              </MuiButton>
              {photo ? (
                <Box sx={{ mt: 1 }}>
                  {preview ? <img src={preview} alt={photo.name} style={{ maxWidth: 120, maxHeight: 120 }} /> : null}
                  <div>{photo.name}</div>
                </Box>
              ) : null}
            </Box>
          </Box>
        ) : (
          <AccessStep {...access} />
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
