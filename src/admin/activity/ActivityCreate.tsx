/**
 * /activity-logs/add, the spec's Add activity form: user id, ride id, action, description, timestamp, status.
 * 'All fields are required.' when user id, ride id, action, timestamp or status is missing. The activity is
 * created on /api/v2 (the v1 contract has no write), then the form returns to /activity-log (which redirects to
 * /activity-logs).
 */
import Box from '@mui/material/Box';
import { useCallback } from 'react';
import { Create, NumberInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { activities } from '../../resources/index.ts';
import { formErrors, isBlank, writableValues, type FormErrors } from '../generator/declaration.ts';
import { SaveCancelToolbar, useCreateOutcome } from '../generator/screen-parts.tsx';
import { useResourceText } from '../generator/messages.ts';
import { useWords } from '../i18n/words.ts';
import { ACTIVITY, ACTIVITY_SCREENS as S } from './messages.ts';
import { PageHeading } from '../layout/PageParts.tsx';

type Values = Record<string, unknown>;

/** The fields the spec's form requires (ride id too, though the server's own entries have none). */
const REQUIRED = ['account_id', 'ride_id', 'action', 'occurred_at', 'status'] as const;

/** A `datetime-local` value (the browser's time zone) as an instant; anything else as it is. */
function instant(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

const transform = (values: Values) =>
  writableValues(activities, { ...values, occurred_at: instant(values.occurred_at) });

/** The form's problems; a missing required field says `allRequired` (the declaration's sentence, in the language chosen). */
export function validateActivity(values: Values, allRequired: string = ACTIVITY.allRequired): FormErrors {
  const missing = REQUIRED.filter((field) => isBlank(values[field]));
  if (missing.length > 0) return Object.fromEntries(missing.map((field) => [field, allRequired]));
  return formErrors(activities, transform(values));
}

export function ActivityCreate() {
  const T = useWords(ACTIVITY);
  const { mutationOptions, alert } = useCreateOutcome(T.added, S.returnRoute, T.addFailed);
  const text = useResourceText(activities);
  const validate = useCallback((values: Values) => validateActivity(values, T.allRequired), [T]);
  return (
    <Box>
      <PageHeading>{T.addTitle}</PageHeading>
      <Create
        resource="activities"
        title={T.addTitle}
        redirect={false}
        transform={transform}
        mutationOptions={mutationOptions}
      >
        <SimpleForm
          validate={validate}
          toolbar={<SaveCancelToolbar save={T.save} cancel={T.cancel} cancelTo={S.listRoute} />}
        >
          {alert}
          <NumberInput source="account_id" label={text('fields.account_id')} min={1} step={1} fullWidth />
          <NumberInput source="ride_id" label={text('fields.ride_id')} min={1} step={1} fullWidth />
          <TextInput source="action" label={text('fields.action')} fullWidth />
          <TextInput source="description" label={text('fields.description')} multiline minRows={3} fullWidth />
          <TextInput
            source="occurred_at"
            label={text('fields.occurred_at')}
            type="datetime-local"
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
          <SelectInput
            source="status"
            label={text('fields.status')}
            choices={S.statuses.map((status) => ({ id: status, name: text(`choices.status.${status}`) }))}
            emptyText={T.selectStatus}
            translateChoice={false}
            fullWidth
          />
        </SimpleForm>
      </Create>
    </Box>
  );
}
