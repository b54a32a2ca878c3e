/**
 * The inputs of step 1 (the profile) of adding and editing an employee: a text, date or number input and a
 * select, each with its problem under it, and the photo picker with its preview (a new photo, or the stored one
 * when editing). Every input shows its own error at once (profile.ts finds them all before Next).
 */
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MuiButton from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { EMPLOYEE as T } from './messages.ts';
import { PHOTO, type ProfileValues } from './profile.ts';

export interface ProfileInputProps {
  name: string;
  label: string;
  values: ProfileValues;
  errors: Record<string, string>;
  onChange: (name: string, value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'date' | 'number' | 'password';
  /** A select of these options. */
  options?: readonly string[];
  /** Shown under the input while it has no error (the password policy). */
  help?: string;
  autoComplete?: string;
}

export function ProfileInput({
  name,
  label,
  values,
  errors,
  onChange,
  type,
  options,
  help,
  autoComplete,
}: ProfileInputProps) {
  const error = errors[name];
  return (
    <TextField
      id={`employee-${name}`}
      label={label}
      type={options ? undefined : (type ?? 'text')}
      select={options !== undefined}
      value={values[name] ?? ''}
      onChange={(event) => onChange(name, event.target.value)}
      error={error !== undefined}
      helperText={error ?? help}
      autoComplete={autoComplete}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : {}}
      margin="dense"
    >
      {options?.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}

function useObjectUrl(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return setUrl(undefined);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/** The photo: a button that picks a JPEG, PNG or WebP file, its preview, and its problem under it. */
export function PhotoPicker(props: {
  file: File | null;
  onFile: (file: File | null) => void;
  /** The stored photo's path (editing). */
  stored?: string | null;
  error?: string;
  label?: string;
}) {
  const preview = useObjectUrl(props.file);
  const shown = preview ?? props.stored ?? undefined;
  return (
    <Box>
      <MuiButton component="label" variant="outlined" color={props.error ? 'error' : 'primary'} sx={{ mt: 1 }}>
        {props.label ?? T.labels.userProfile}
        <input
          hidden
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label={T.labels.userProfile}
          aria-invalid={props.error !== undefined}
          aria-describedby={props.error ? `employee-${PHOTO}-error` : undefined}
          onChange={(event) => props.onFile(event.target.files?.[0] ?? null)}
        />
      </MuiButton>
      {props.error ? (
        <FormHelperText error id={`employee-${PHOTO}-error`}>
          {props.error}
        </FormHelperText>
      ) : null}
      {shown || props.file ? (
        <Box sx={{ mt: 1 }}>
          {shown ? (
            <img src={shown} alt={props.file?.name ?? T.labels.userProfile} style={{ maxWidth: 120, maxHeight: 120 }} />
          ) : null}
          {props.file ? <div>{props.file.name}</div> : null}
        </Box>
      ) : null}
    </Box>
  );
}
