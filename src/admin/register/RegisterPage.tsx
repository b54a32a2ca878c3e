/**
 * /register (the sidebar's Company › Authentication › Register): what registering is in this back-office
 * (docs/decisions.md, "/register"). Nobody signs themselves up: an administrator creates accounts. Whoever may add
 * employees or users is sent to those forms, which make the account with its record; anyone else may ask the
 * administrators for an account for someone (POST /api/v2/account-requests: kept in the audit trail, every Admin
 * notified). The server's sentences are shown as it gives them, under their fields.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Title, useCanAccess } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { EMAIL } from '../../resources/patterns.ts';
import { employees, users } from '../../resources/index.ts';
import { useWords } from '../i18n/words.ts';
import { createHttpClient } from '../providers/http-client.ts';
import { ACCOUNT_REQUESTS_API, REGISTER } from './messages.ts';

export interface AccountRequest {
  name: string;
  email: string;
  note: string;
}

/** Sends a request; resolves with the server's sentence, rejects with its HttpError (field errors in body.errors). */
export type SendAccountRequest = (request: AccountRequest) => Promise<string>;

export const sendAccountRequest: SendAccountRequest = async (request) => {
  const { json } = await createHttpClient()(ACCOUNT_REQUESTS_API, {
    method: 'POST',
    body: JSON.stringify({ name: request.name, email: request.email, note: request.note || undefined }),
  });
  return typeof json?.message === 'string' ? json.message : '';
};

const emailPattern = new RegExp(EMAIL.source);
type Errors = Partial<Record<keyof AccountRequest | 'root', string>>;

function CreateLinks() {
  const w = useWords(REGISTER);
  const { canAccess: mayAddEmployees } = useCanAccess({ resource: employees.name, action: 'create' });
  const { canAccess: mayAddUsers } = useCanAccess({ resource: users.name, action: 'create' });
  if (!mayAddEmployees && !mayAddUsers) return null;
  return (
    <Card sx={{ mb: 2 }} component="section" aria-label={w.canAddTitle}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'flex-start' }}>
        <Typography variant="h6" component="h2">
          {w.canAddTitle}
        </Typography>
        <Typography>{w.canAddText}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {mayAddEmployees ? (
            <Button component={RouterLink} to={employees.routes!.create!} variant="contained">
              {w.addEmployee}
            </Button>
          ) : null}
          {mayAddUsers ? (
            <Button component={RouterLink} to={users.routes!.create!} variant="contained">
              {w.addUser}
            </Button>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}

function RequestForm({ send }: { send: SendAccountRequest }) {
  const w = useWords(REGISTER);
  const [values, setValues] = useState<AccountRequest>({ name: '', email: '', note: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string>();

  const validate = (v: AccountRequest): Errors => {
    const found: Errors = {};
    if (v.name.trim() === '') found.name = w.nameRequired;
    if (v.email.trim() === '') found.email = w.emailRequired;
    else if (!emailPattern.test(v.email.trim())) found.email = w.emailInvalid;
    if (v.note.trim().length > 1000) found.note = w.noteTooLong;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const message = await send({ name: values.name.trim(), email: values.email.trim(), note: values.note.trim() });
      setSent(message || w.sent);
      setValues({ name: '', email: '', note: '' });
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, unknown> } }).body;
      const byField: Errors = {};
      for (const field of ['name', 'email', 'note'] as const) {
        const text = body?.errors?.[field];
        if (typeof text === 'string') byField[field] = text;
      }
      const message = (error as Error).message;
      setErrors(Object.keys(byField).length > 0 ? byField : { root: message || w.failed });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof AccountRequest) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
    error: errors[name] !== undefined,
    helperText: errors[name],
    fullWidth: true,
    disabled: busy,
  });

  return (
    <Card component="section" aria-label={w.requestTitle}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {w.requestTitle}
        </Typography>
        <Typography sx={{ mb: 2 }}>{w.requestText}</Typography>
        {sent ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
            <Alert severity="success" role="status">
              {sent}
            </Alert>
            <Button variant="outlined" onClick={() => setSent(undefined)}>
              {w.another}
            </Button>
          </Box>
        ) : (
          <Box
            component="form"
            noValidate
            onSubmit={submit}
            aria-label={w.requestTitle}
            sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}
          >
            {errors.root ? <Alert severity="error">{errors.root}</Alert> : null}
            <TextField label={w.name} autoComplete="off" {...field('name')} />
            <TextField label={w.email} type="email" autoComplete="off" {...field('email')} />
            <TextField label={w.note} multiline minRows={3} {...field('note')} helperText={errors.note ?? w.noteHelp} />
            <Box>
              <Button type="submit" variant="contained" disabled={busy}>
                {busy ? w.sending : w.send}
              </Button>
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export function RegisterPage({ send = sendAccountRequest }: { send?: SendAccountRequest }) {
  const w = useWords(REGISTER);
  return (
    <Box sx={{ py: 2, maxWidth: 900 }}>
      <Title title={w.title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {w.title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{w.intro}</Typography>
      <CreateLinks />
      <RequestForm send={send} />
    </Box>
  );
}
