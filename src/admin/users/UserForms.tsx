/**
 * /user/add and /user/edit/:id (spec sections 3 and 5): username, email, user type (Employee, Vendor, Client),
 * role (the roles on the server, or none), mobile, active, and the profile image; the add form also takes the
 * password, with Generate making a password of random letters, digits and !@#$%^&* that the one password
 * policy accepts (src/resources/password-policy.ts, checked here before the server is asked). Save refuses a missing
 * username, email or user type with the one sentence 'Username, Email, and User Type are required fields.', and
 * any other problem with the server's own sentence under its field. The image is stored once the user is saved
 * (the server takes it on its own route); a saved user whose image was refused says so and stays on the form.
 * After a save: the sentence, then /user after 2 seconds. /user/edit without an id goes back to the list.
 */
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useCreate, useGetList, useGetOne, useUpdate, type Identifier, type RaRecord } from 'react-admin';
import { accountPasswordProblem } from '../../resources/password-policy.ts';
import { users } from '../../resources/users.ts';
import { validateRecord } from '../../resources/validation.ts';
import { serverMessage } from '../generator/errors.ts';
import { ALL_ROWS, ID_ORDER } from '../generator/name-filter.tsx';
import { FormAlerts, useDelayedReturn, useEditId, useObjectUrl } from '../generator/screen-parts.tsx';
import { usePasswordPolicy } from '../auth/password-policy.ts';
import { useResourceText } from '../generator/messages.ts';
import { useWords } from '../i18n/words.ts';
import { uploadProfileImage, removeProfileImage } from './api.ts';
import { USER, USER_ROUTES, USER_SCREENS } from './messages.ts';
import { generatePassword } from './password.ts';
import { PageHeading } from '../layout/PageParts.tsx';

/** The form's values, as text inputs hold them. */
export interface UserValues {
  username: string;
  email: string;
  user_type: string;
  role_id: string;
  mobile: string;
  is_active: boolean;
}

const EMPTY: UserValues = { username: '', email: '', user_type: '', role_id: '', mobile: '', is_active: true };

const REQUIRED_FIELDS = ['username', 'email', 'user_type'] as const;

/** The spec's sentence when username, email or user type is missing; undefined when all three are there. */
export function missingRequired(values: UserValues, sentence: string = USER.required): string | undefined {
  return REQUIRED_FIELDS.some((field) => values[field].trim() === '') ? sentence : undefined;
}

/** The record as the server takes it: only the writable fields (read-only ones are the server's to set). */
export function recordOf(values: UserValues): Record<string, unknown> {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    user_type: values.user_type,
    role_id: values.role_id === '' ? null : Number(values.role_id),
    mobile: values.mobile.trim() === '' ? null : values.mobile.trim(),
    is_active: values.is_active,
  };
}

function valuesOf(record: RaRecord): UserValues {
  return {
    username: String(record.username ?? ''),
    email: String(record.email ?? ''),
    user_type: String(record.user_type ?? ''),
    role_id: record.role_id == null ? '' : String(record.role_id),
    mobile: String(record.mobile ?? ''),
    is_active: record.is_active !== false,
  };
}

/** Field errors of the server's answer (`{ errors: { field: sentence } }`). */
function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  if (errors === null || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).filter(
      (entry): entry is [string, string] => entry[0] !== 'root' && typeof entry[1] === 'string',
    ),
  );
}

interface UserFormProps {
  title: string;
  initial: UserValues;
  /** The stored image's path (edit). */
  storedImage?: string | null;
  /** The add form takes the password. */
  withPassword: boolean;
  saveLabel: string;
  /** Saves the record; answers its id. */
  save: (record: Record<string, unknown>, password: string) => Promise<Identifier>;
  saved: string;
  /** The edit form's Remove Image (the stored image goes at once). */
  removeImage?: () => Promise<void>;
}

function UserForm({ title, initial, storedImage, withPassword, saveLabel, save, saved, removeImage }: UserFormProps) {
  const [values, setValues] = useState<UserValues>(initial);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const [stored, setStored] = useState<string | null | undefined>(storedImage);
  const [alert, setAlert] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const preview = useObjectUrl(image);
  const T = useWords(USER);
  const text = useResourceText(users);
  const policy = usePasswordPolicy();
  const { done, finish } = useDelayedReturn(USER_ROUTES.list, USER_SCREENS.redirectDelayMs);
  const { data: roles } = useGetList('roles', { pagination: ALL_ROWS, sort: ID_ORDER });

  const set =
    <K extends keyof UserValues>(key: K) =>
    (value: UserValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingRequired(values, T.required);
    if (missing) {
      setErrors({});
      return setAlert(missing);
    }
    const record = recordOf(values);
    const checked = validateRecord(users, record);
    // The one password policy of every account, as the server applies it.
    const passwordProblem = withPassword ? accountPasswordProblem(password) : undefined;
    const passwordError = passwordProblem && policy.say(passwordProblem);
    const problems = [
      ...(checked.ok ? [] : checked.errors),
      ...(passwordError ? [{ field: 'password', message: passwordError }] : []),
    ];
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((e) => [e.field, e.message])));
      return setAlert(problems[0]?.message);
    }
    setErrors({});
    setAlert(undefined);
    setBusy(true);
    let id: Identifier;
    try {
      id = await save(record, password);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setAlert(T.saveFailed({ message: serverMessage(error) || T.somethingWrong }));
      setBusy(false);
      return;
    }
    if (image) {
      try {
        const updated = await uploadProfileImage(id, image);
        setStored(updated.profile_image as string | null);
        setImage(null);
      } catch (error) {
        setAlert(T.imageFailed({ message: serverMessage(error) || T.somethingWrong }));
        setBusy(false);
        return;
      }
    }
    setBusy(false);
    finish(saved);
  };

  const remove = async () => {
    if (!removeImage) return;
    setBusy(true);
    try {
      await removeImage();
      setStored(null);
      setAlert(undefined);
    } catch (error) {
      setAlert(T.saveFailed({ message: serverMessage(error) || T.somethingWrong }));
    }
    setBusy(false);
  };

  const shown = preview ?? stored ?? undefined;
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: 2 }} aria-label={title}>
        <FormAlerts alert={alert} done={done} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
          <TextField
            id="user-username"
            label={text('fields.username')}
            value={values.username}
            onChange={(e) => set('username')(e.target.value)}
            error={!!errors.username}
            helperText={errors.username}
            margin="dense"
          />
          <TextField
            id="user-email"
            label={text('fields.email')}
            type="email"
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
            error={!!errors.email}
            helperText={errors.email}
            margin="dense"
          />
          <TextField
            id="user-type"
            select
            label={text('fields.user_type')}
            value={values.user_type}
            onChange={(e) => set('user_type')(e.target.value)}
            error={!!errors.user_type}
            helperText={errors.user_type}
            margin="dense"
          >
            {USER_SCREENS.userTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {text(`choices.user_type.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="user-role"
            select
            label={text('fields.role_id')}
            value={roles?.some((r) => String(r.id) === values.role_id) ? values.role_id : ''}
            onChange={(e) => set('role_id')(e.target.value)}
            error={!!errors.role_id}
            helperText={errors.role_id}
            margin="dense"
          >
            <MenuItem value="">{T.noRole}</MenuItem>
            {(roles ?? []).map((role) => (
              <MenuItem key={role.id} value={String(role.id)}>
                {String(role.role_name)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="user-mobile"
            label={text('fields.mobile')}
            type="tel"
            value={values.mobile}
            onChange={(e) => set('mobile')(e.target.value)}
            error={!!errors.mobile}
            helperText={errors.mobile}
            margin="dense"
          />
          {withPassword ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                id="user-password"
                label={T.password}
                type={showPassword ? 'text' : 'password'}
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={!!errors.password}
                helperText={errors.password ?? policy.rules.join(' ')}
                margin="dense"
                fullWidth
                slotProps={{
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <IconButton
                          aria-label={showPassword ? T.hidePassword : T.showPassword}
                          onClick={() => setShowPassword((shown) => !shown)}
                          edge="end"
                        >
                          {showPassword ? <VisibilityOff /> : <Visibility />}
                        </IconButton>
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <MuiButton
                sx={{ mt: 2 }}
                variant="outlined"
                onClick={() => {
                  setPassword(generatePassword());
                  setShowPassword(true);
                }}
              >
                {T.generate}
              </MuiButton>
            </Stack>
          ) : (
            <Typography variant="body2" sx={{ alignSelf: 'center' }}>
              {T.passwordNote}
            </Typography>
          )}
          <FormControlLabel
            control={<Checkbox checked={values.is_active} onChange={(e) => set('is_active')(e.target.checked)} />}
            label={text('fields.is_active')}
          />
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
          <Avatar src={shown} alt={text('fields.profile_image')} sx={{ width: 72, height: 72, fontSize: '0.8rem' }}>
            {shown ? null : T.noImage}
          </Avatar>
          <Box>
            <MuiButton component="label" variant="outlined">
              {T.chooseImage}
              <input
                hidden
                type="file"
                accept="image/jpeg,image/png,image/webp"
                aria-label={text('fields.profile_image')}
                onChange={(event) => setImage(event.target.files?.[0] ?? null)}
              />
            </MuiButton>
            {stored && !image && removeImage ? (
              <MuiButton color="error" onClick={remove} disabled={busy} sx={{ ml: 1 }}>
                {T.removeImage}
              </MuiButton>
            ) : null}
            <Typography variant="body2">{image ? image.name : T.imageHint}</Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <MuiButton type="submit" variant="contained" disabled={busy || done !== undefined}>
            {saveLabel}
          </MuiButton>
          <MuiButton component={Link} to={USER_ROUTES.list}>
            {T.cancel}
          </MuiButton>
        </Stack>
      </Paper>
    </Box>
  );
}

export function UserCreate() {
  const [create] = useCreate();
  const T = useWords(USER);
  const save = async (record: Record<string, unknown>, password: string) => {
    const created = await create('users', { data: { ...record, password } }, { returnPromise: true });
    return created.id;
  };
  return <UserForm title={T.addTitle} initial={EMPTY} withPassword saveLabel={T.save} save={save} saved={T.created} />;
}

function UserEditForm({ id }: { id: Identifier }) {
  const { data, error, isPending } = useGetOne('users', { id }, { retry: false });
  const [update] = useUpdate();
  const T = useWords(USER);
  if (error) {
    return (
      <Box>
        <PageHeading>{T.editTitle}</PageHeading>
        <Alert severity="error" role="alert">
          {serverMessage(error) ?? T.notFound}
        </Alert>
      </Box>
    );
  }
  if (isPending || !data) return <PageHeading>{T.editTitle}</PageHeading>;
  const save = async (record: Record<string, unknown>) => {
    const updated = await update(
      'users',
      { id, data: record, previousData: data },
      { mutationMode: 'pessimistic', returnPromise: true },
    );
    return updated.id;
  };
  return (
    <UserForm
      title={T.editTitle}
      initial={valuesOf(data)}
      storedImage={(data.profile_image as string | null) ?? null}
      withPassword={false}
      saveLabel={T.update}
      save={save}
      saved={T.updated}
      removeImage={async () => {
        await removeProfileImage(id);
      }}
    />
  );
}

export function UserEdit() {
  const id = useEditId();
  if (id === undefined) return <Navigate to={USER_ROUTES.list} replace />;
  return <UserEditForm key={String(id)} id={id} />;
}
