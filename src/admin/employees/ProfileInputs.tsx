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
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { employees } from '../../resources/employees.ts';
import { useResourceText } from '../generator/messages.ts';
import { useObjectUrl } from '../generator/screen-parts.tsx';
import { useWords } from '../i18n/words.ts';
import { EMPLOYEE } from './messages.ts';
import { CHOICES, missingChoice, PHOTO, type ProfileValues } from './profile.ts';

/**
 * A problem's sentence in the language chosen. The screens keep the English sentence (their own checks and the
 * server's say the same): a missing choice is said from the words, a validation sentence of the declaration or
 * the password policy by the translator (i18n/validation.ts), and any other sentence of the server as it came.
 */
export function useSentence(): (sentence: string) => string {
  const translate = useTranslate();
  const w = useWords(EMPLOYEE);
  const resourceText = useResourceText(employees);
  return useCallback(
    (sentence: string) => {
      const choice = CHOICES.find((field) => missingChoice(field) === sentence);
      if (choice) return w.choose({ label: resourceText(`fields.${choice}`) });
      if (sentence === EMPLOYEE.somethingWrong) return w.somethingWrong;
      return translate(sentence, { _: sentence });
    },
    [translate, w, resourceText],
  );
}

export interface ProfileInputProps {
  name: string;
  label: string;
  values: ProfileValues;
  errors: Record<string, string>;
  onChange: (name: string, value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'date' | 'number' | 'password';
  /** A select of these options. */
  options?: readonly string[];
  /** How an option reads (its value by default). */
  optionLabel?: (option: string) => string;
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
  optionLabel,
  help,
  autoComplete,
}: ProfileInputProps) {
  const say = useSentence();
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
      helperText={error === undefined ? help : say(error)}
      autoComplete={autoComplete}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : {}}
      margin="dense"
    >
      {options?.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel ? optionLabel(option) : option}
        </MenuItem>
      ))}
    </TextField>
  );
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
  const resourceText = useResourceText(employees);
  const say = useSentence();
  const photoLabel = resourceText('fields.user_profile');
  const preview = useObjectUrl(props.file);
  const shown = preview ?? props.stored ?? undefined;
  return (
    <Box>
      <MuiButton component="label" variant="outlined" color={props.error ? 'error' : 'primary'} sx={{ mt: 1 }}>
        {props.label ?? photoLabel}
        <input
          hidden
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label={photoLabel}
          aria-invalid={props.error !== undefined}
          aria-describedby={props.error ? `employee-${PHOTO}-error` : undefined}
          onChange={(event) => props.onFile(event.target.files?.[0] ?? null)}
        />
      </MuiButton>
      {props.error ? (
        <FormHelperText error id={`employee-${PHOTO}-error`}>
          {say(props.error)}
        </FormHelperText>
      ) : null}
      {shown || props.file ? (
        <Box sx={{ mt: 1 }}>
          {shown ? (
            <img src={shown} alt={props.file?.name ?? photoLabel} style={{ maxWidth: 120, maxHeight: 120 }} />
          ) : null}
          {props.file ? <div>{props.file.name}</div> : null}
        </Box>
      ) : null}
    </Box>
  );
}
