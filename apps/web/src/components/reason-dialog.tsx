import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { GeneralModal } from './general-modal';

export const REASON_MAX = 500;

export interface ReasonField {
  label: string;
  /** Shown under the field once a send was tried without a reason. */
  requiredMessage: string;
  /** Shown under the field otherwise; a blank line by default, so the dialog does not jump when the message shows. */
  help?: string;
  required?: boolean;
  maxLength?: number;
}

/**
 * A decision asked for in a general modal: a sentence, an optional reason (focused on opening, cut at its maximum,
 * trimmed, its required message shown only after a try) and one confirm button that is busy while the parent
 * sends. `dismissLabel` replaces the modal's Cancel with the dialog's own way out ("Keep booking"); `failure` is the
 * worded refusal (lib/api-error `failureMessage`), shown as an alert above the field.
 */
export function ReasonDialog({
  title,
  intro,
  reason,
  confirmLabel,
  confirmColor = 'primary',
  dismissLabel,
  busy,
  failure,
  onConfirm,
  onClose,
}: {
  title: string;
  intro: ReactNode;
  reason?: ReasonField;
  confirmLabel: string;
  confirmColor?: 'primary' | 'error';
  dismissLabel?: string;
  busy: boolean;
  failure?: string | null | undefined;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const required = reason?.required ?? true;
  const missing = reason !== undefined && required && text.trim() === '';

  const confirm = () => {
    setTried(true);
    if (!missing) onConfirm(text.trim());
  };

  return (
    <GeneralModal
      open
      title={title}
      onClose={onClose}
      persistent={busy}
      showCancel={dismissLabel === undefined}
      actions={
        <>
          {dismissLabel !== undefined && <Button onClick={onClose}>{dismissLabel}</Button>}
          <Button variant="contained" color={confirmColor} onClick={confirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <Typography>{intro}</Typography>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {reason && (
          <TextField
            label={reason.label}
            required={required}
            multiline
            minRows={2}
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value.slice(0, reason.maxLength ?? REASON_MAX))}
            error={tried && missing}
            helperText={tried && missing ? reason.requiredMessage : (reason.help ?? ' ')}
            fullWidth
          />
        )}
      </Stack>
    </GeneralModal>
  );
}
