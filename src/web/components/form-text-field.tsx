import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useState } from 'react';
import { type FieldError, type FieldValues, get, type Path, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../lib/use-schema-form';

type FormTextFieldProps<T extends FieldValues, O> = Omit<TextFieldProps, 'name' | 'error'> & {
  form: UseFormReturn<T, unknown, O>;
  name: Path<T>;
  /** How the field's text becomes the form's value (`setValueAs`), when not as typed. */
  registerOptions?: RegisterOptions<T, Path<T>>;
};

/** A labelled MUI text field bound to a form field; its error text sits under it and is announced. */
export function FormTextField<T extends FieldValues, O>({ form, name, registerOptions, helperText, slotProps, ...props }: FormTextFieldProps<T, O>) {
  const errorText = useFieldErrorText();
  const { ref, ...field } = form.register(name, registerOptions);
  const error = get(form.formState.errors, name) as FieldError | undefined;
  const message = errorText(error);
  return (
    <TextField
      fullWidth
      {...props}
      {...field}
      inputRef={ref}
      error={Boolean(error)}
      helperText={message ?? helperText}
      slotProps={{ ...slotProps, formHelperText: { role: message ? 'alert' : undefined } }}
    />
  );
}

/** A password field with a show/hide button (people check what they typed instead of typing it twice). */
export function PasswordField<T extends FieldValues, O>(props: FormTextFieldProps<T, O>) {
  const { t } = useTranslation('accounts');
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? t('password.hide') : t('password.show')}
                aria-pressed={visible}
                onClick={() => setVisible((shown) => !shown)}
                edge="end"
              >
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
