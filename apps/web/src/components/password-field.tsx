import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
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
        <InputAdornment position="end">
          <IconButton
            onClick={() => setShown((value) => !value)}
            edge="end"
            aria-label={shown ? t('password.hide') : t('password.show')}
            aria-controls={id}
            aria-pressed={shown}
          >
            {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
