import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollingDialogContent } from './scrolling-dialog-content';

/**
 * Spec §2 general modal: a header with the title and a close button, optional dividers, a Cancel button and an
 * actions area. Clicking outside (or Escape) closes it unless it is persistent. Content that scrolls (a long list on a
 * phone) is a region named by the title that the keyboard can reach and scroll.
 */
export function GeneralModal({
  open,
  title,
  onClose,
  children,
  actions,
  dividers = false,
  persistent = false,
  showCancel = true,
  maxWidth = 'sm',
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  dividers?: boolean;
  persistent?: boolean;
  showCancel?: boolean;
  maxWidth?: DialogProps['maxWidth'];
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      onClose={(_, reason) => {
        if (persistent && (reason === 'backdropClick' || reason === 'escapeKeyDown')) return;
        onClose();
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <DialogTitle id={titleId} sx={{ flex: 1 }}>
          {title}
        </DialogTitle>
        <IconButton aria-label={t('modal.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <ScrollingDialogContent dividers={dividers} titleId={titleId}>
        {children}
      </ScrollingDialogContent>
      {(showCancel || actions) && (
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {showCancel && <Button onClick={onClose}>{t('modal.cancel')}</Button>}
          {actions}
        </DialogActions>
      )}
    </Dialog>
  );
}
