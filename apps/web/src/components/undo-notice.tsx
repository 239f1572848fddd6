import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { MouseEvent } from 'react';

/**
 * What waits for its Undo window (lib/use-undoable): the message (announced: role=status) and an Undo button that
 * takes focus, so Enter or Space undoes at once. The second click of a double click on the button that started it
 * is not an Undo.
 */
export function UndoNotice({
  message,
  undoLabel,
  undoName,
  onUndo,
}: {
  message: string;
  undoLabel: string;
  /** The button's accessible name when more than its label is needed; it starts with the label. */
  undoName?: string;
  onUndo: () => void;
}) {
  return (
    <Alert
      severity="info"
      variant="outlined"
      role="status"
      data-testid="undo-notice"
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          autoFocus
          aria-label={undoName}
          onClick={(event: MouseEvent) => event.detail < 2 && onUndo()}
        >
          {undoLabel}
        </Button>
      }
      sx={{ alignItems: 'center' }}
    >
      {message}
    </Alert>
  );
}
