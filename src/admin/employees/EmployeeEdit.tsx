/**
 * /employee/edit/:id and /employee/edit with the record in navigation state (spec sections 2, 4, 5, 8): step 1
 * the profile (mobile, gender, contract start and end dates required; status Active/Inactive/Pending and
 * Active), step 2 department, designation, role (all required) and the permissions; Back returns to step 1.
 * After the update it goes to /employee; a failure says 'Failed to update employee.'.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useGetOne, useUpdate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PageHeading, useEditId } from '../company/shared.tsx';
import { EMPLOYEE as T, EMPLOYEE_ROUTES } from './messages.ts';
import { AccessStep, useAccessState, WizardButtons } from './parts.tsx';
import type { PermissionMatrix } from './permissions.ts';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function EditForm({ record }: { record: RaRecord }) {
  const navigate = useNavigate();
  const [step, setStep] = useState<0 | 1>(0);
  const [values, setValues] = useState<Record<string, string>>({
    mobile: text(record.mobile),
    gender: text(record.gender),
    contract_start_date: text(record.contract_start_date),
    contract_last_date: text(record.contract_last_date),
    status: text(record.status) || 'Active',
  });
  const [isActive, setIsActive] = useState(record.is_active !== false);
  const access = useAccessState({
    departmentId: text(record.department_id),
    designationId: text(record.designation_id),
    role: text(record.role) || 'user',
    permissions: (record.permissions ?? {}) as PermissionMatrix,
  });
  const { departmentId, designationId, role, permissions } = access;
  const [alert, setAlert] = useState<string | undefined>(undefined);
  const [update, { isPending }] = useUpdate();

  const set = (key: string) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const next = () => {
    const required: [string, string][] = [
      ['mobile', T.labels.mobile],
      ['gender', T.labels.gender],
      ['contract_start_date', T.labels.contractStartDate],
      ['contract_last_date', T.labels.contractLastDate],
    ];
    const missing = required.find(([key]) => (values[key] ?? '').trim() === '');
    setAlert(missing ? T.fill(missing[1]) : undefined);
    if (!missing) setStep(1);
  };

  const submit = () => {
    const missing = [
      [departmentId, T.labels.department],
      [designationId, T.labels.designation],
      [role, T.labels.role],
    ].find(([value]) => value === '');
    if (missing) return setAlert(T.fill(missing[1]!));
    setAlert(undefined);
    update(
      'employees',
      {
        id: record.id,
        data: {
          mobile: values.mobile!.trim(),
          gender: values.gender,
          contract_start_date: values.contract_start_date,
          contract_last_date: values.contract_last_date,
          status: values.status,
          is_active: isActive,
          department_id: Number(departmentId),
          designation_id: Number(designationId),
          role,
          permissions,
        },
        previousData: record,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => navigate(EMPLOYEE_ROUTES.list),
        onError: () => setAlert(T.updateFailed),
      },
    );
  };

  const dateProps = { slotProps: { inputLabel: { shrink: true } }, type: 'date', margin: 'dense' } as const;

  return (
    <Paper sx={{ p: 2 }}>
      <Tabs value={step} aria-label={T.editTitle}>
        <Tab label={T.profileTab} onClick={() => setStep(0)} />
        <Tab label={T.permissionTab} onClick={next} />
      </Tabs>
      {alert ? (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {alert}
        </Alert>
      ) : null}
      {step === 0 ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, gap: 1, mt: 1 }}>
          <TextField label={T.labels.mobile} value={values.mobile} onChange={set('mobile')} margin="dense" />
          <TextField select label={T.labels.gender} value={values.gender} onChange={set('gender')} margin="dense">
            {T.genders.map((g) => (
              <MenuItem key={g} value={g}>
                {g}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={T.labels.contractStartDate}
            value={values.contract_start_date}
            onChange={set('contract_start_date')}
            {...dateProps}
          />
          <TextField
            label={T.labels.contractLastDate}
            value={values.contract_last_date}
            onChange={set('contract_last_date')}
            {...dateProps}
          />
          <TextField select label={T.labels.status} value={values.status} onChange={set('status')} margin="dense">
            {T.statuses.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Checkbox checked={isActive} onChange={(event) => setIsActive(event.target.checked)} />}
            label={T.labels.isActive}
          />
        </Box>
      ) : (
        <AccessStep {...access} />
      )}
      <WizardButtons step={step} onNext={next} onBack={() => setStep(0)} onSubmit={submit} submitDisabled={isPending} />
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
  return (
    <Box>
      <PageHeading>{T.editTitle}</PageHeading>
      {id === undefined || error ? (
        <Alert severity="error" role="alert">
          {T.viewFailed}
        </Alert>
      ) : record ? (
        <EditForm key={String(record.id)} record={record} />
      ) : null}
    </Box>
  );
}
