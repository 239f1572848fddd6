import Box from '@mui/material/Box';
import { PasswordToggle } from './password-toggle';
import { TextInput, type TextInputProps } from './text-input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type PasswordFieldProps = Omit<TextInputProps, 'type' | 'helperText' | 'error' | 'endAdornment'> & {
  /** Every message about the field, each on its own line; the field is marked invalid when there is one. */
  messages?: readonly string[];
  id: string;
};

/** A password input with a show/hide toggle, for the sign-in, reset and change-password forms. */
export function PasswordField({ messages = [], id, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      {...props}
      id={id}
      type={shown ? 'text' : 'password'}
      fullWidth
      error={messages.length > 0}
      helperText={
        messages.length > 0
          ? messages.map((message) => (
              <Box component="span" key={message} sx={{ display: 'block' }}>
                {message}
              </Box>
            ))
          : undefined
      }
      endAdornment={
        <PasswordToggle
          shown={shown}
          onToggle={() => setShown((value) => !value)}
          label={shown ? t('password.hide') : t('password.show')}
          controls={id}
        />
      }
    />
  );
}
