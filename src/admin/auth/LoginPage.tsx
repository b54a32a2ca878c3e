/**
 * The login screen (react-admin's `loginPage`, shown without the shell). On success react-admin's useLogin goes
 * back to the page that sent the user here, or to /.
 */
import { Alert, Box, Button, Checkbox, FormControlLabel, Link, TextField } from '@mui/material';
import { useLayoutEffect, useState, type FormEvent } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useWords } from '../i18n/words.ts';
import { AUTH, USER_TYPES, type UserType } from '../messages.ts';
import type { LoginParams } from './authProvider.ts';
import { AuthCard } from './AuthCard.tsx';
import { typedBeforeTakeover, useScriptReady } from './useScriptReady.ts';
import { getRememberedEmail, rememberEmail } from './rememberedEmail.ts';

interface FieldErrors {
  email?: string;
  password?: string;
}

export function LoginPage() {
  const auth = useWords(AUTH);
  const translate = useTranslate();
  const login = useLogin();
  // Each starts from what was typed into the drawn form before the script took it over (empty otherwise).
  const [userType, setUserType] = useState<UserType>(() => {
    const typed = typedBeforeTakeover('login-user-type');
    return USER_TYPES.find((type) => type === typed) ?? 'Admin';
  });
  const [email, setEmail] = useState(() => typedBeforeTakeover('login-email'));
  const [password, setPassword] = useState(() => typedBeforeTakeover('login-password'));
  const [save, setSave] = useState(() => typedBeforeTakeover('login-save') === 'on');
  const ready = useScriptReady();
  // The address this device remembers, once the form is on screen and before it is painted: the form is drawn at
  // build time too (prerender.tsx), where there is no device to remember anything, and both must draw the same.
  useLayoutEffect(() => {
    const remembered = getRememberedEmail();
    if (remembered === null) return;
    setEmail((typed) => typed || remembered);
    setSave(true);
  }, []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fieldErrors: FieldErrors = {
      email: email.trim() === '' ? auth.emailRequired : undefined,
      password: password === '' ? auth.passwordRequired : undefined,
    };
    setErrors(fieldErrors);
    if (fieldErrors.email || fieldErrors.password) return;
    setFailure(undefined);
    setSubmitting(true);
    const params: LoginParams = { email: email.trim(), password, userType };
    try {
      await login(params);
      rememberEmail(save ? params.email : null);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : auth.loginFailed);
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={auth.loginTitle}>
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {/* The server's sentence, said in the language chosen when it is one the admin knows (i18n/validation.ts). */}
        {failure && <Alert severity="error">{translate(failure, { _: failure })}</Alert>}
        <TextField
          select
          id="login-user-type"
          label={auth.userType}
          value={userType}
          onChange={(event) => setUserType(event.target.value as UserType)}
          slotProps={{ select: { native: true } }}
        >
          {USER_TYPES.map((type) => (
            <option key={type} value={type}>
              {auth.userTypeNames[type]}
            </option>
          ))}
        </TextField>
        <TextField
          id="login-email"
          label={auth.email}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={!!errors.email}
          helperText={errors.email}
        />
        <TextField
          id="login-password"
          label={auth.password}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={!!errors.password}
          helperText={errors.password}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <FormControlLabel
            control={<Checkbox id="login-save" checked={save} onChange={(event) => setSave(event.target.checked)} />}
            label={auth.savePassword}
          />
          <Link component={RouterLink} to="/forget-password">
            {auth.forgotPasswordLink}
          </Link>
        </Box>
        <Button type="submit" variant="contained" disabled={submitting || !ready}>
          {auth.logIn}
        </Button>
      </Box>
    </AuthCard>
  );
}
