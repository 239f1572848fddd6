import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DOMPurify from 'dompurify';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import { ScrollingDialogContent } from '../../../components/scrolling-dialog-content';
import type { ServiceStatus } from '../api/get-service-status';

/** Spec §9: the dialog is at most 800 px wide. */
export const SERVICE_STATUS_DIALOG_MAX_WIDTH = 800;

/** The HTML body, sanitised here even though the server sanitises too: scripts, handlers and javascript: URLs go. */
export function sanitiseStatusHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'iframe'], FORBID_ATTR: ['style'] });
}

export function ServiceStatusBody({ status }: { status: ServiceStatus }) {
  const html = useMemo(() => (status.html ? sanitiseStatusHtml(status.html) : undefined), [status.html]);
  const sx = { '& a': { color: 'primary.dark' }, '& p:first-of-type': { mt: 0 }, overflowWrap: 'anywhere' } as const;
  if (html !== undefined) return <Box data-testid="service-status-body" sx={sx} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <Box data-testid="service-status-body" sx={sx}>
      {/* react-markdown renders no raw HTML unless told to (no rehype-raw here). */}
      <Markdown skipHtml>{status.markdown ?? ''}</Markdown>
    </Box>
  );
}

export function ServiceStatusDialog({ status, open, onClose }: { status: ServiceStatus; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const severity = ['info', 'warning', 'error'].includes(status.severity)
    ? t(`serviceStatus.severities.${status.severity as 'info' | 'warning' | 'error'}`)
    : status.severity;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: SERVICE_STATUS_DIALOG_MAX_WIDTH } } }}
    >
      <DialogTitle id={titleId}>{status.bannerTitle}</DialogTitle>
      <ScrollingDialogContent dividers titleId={titleId}>
        {/* gap, not spacing: spacing's margins stay on a chip that wraps to the next line (375 px) and indent it. */}
        <Stack direction="row" sx={{ mb: 2, flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <Chip size="small" label={`${t('serviceStatus.severity')}: ${severity}`} />
          {status.region && <Chip size="small" label={`${t('serviceStatus.area')}: ${status.region}`} />}
        </Stack>
        <Typography component="div">
          <ServiceStatusBody status={status} />
        </Typography>
      </ScrollingDialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('serviceStatus.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
