import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatCount } from '../../../lib/locale-format';
import { useTimesheetsText } from '../use-timesheets-text';

/**
 * The decisions for the selection (spec §4: one type at a time, so one button decides every selected timesheet the
 * same way). Stays at the bottom of the screen while the list scrolls, so it is at hand on a phone.
 */
export function SelectionBar({
  count,
  approving,
  onApprove,
  onModify,
  onDidNotHappen,
  onClear,
}: {
  count: number;
  approving: boolean;
  onApprove: () => void;
  onModify: () => void;
  onDidNotHappen: () => void;
  onClear: () => void;
}) {
  const { t, locale } = useTimesheetsText();
  const none = count === 0;
  return (
    <Box
      role="toolbar"
      aria-label={t('selection.label')}
      data-testid="timesheet-selection-bar"
      sx={{
        // Sticky only with a selection: an empty bar would take a phone's screen for nothing.
        position: none ? 'static' : 'sticky',
        bottom: 0,
        zIndex: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        px: { xs: 2, sm: 3 },
        py: 1.5,
        borderTop: none ? 1 : 2,
        borderColor: none ? 'divider' : 'primary.main',
        bgcolor: 'background.paper',
        boxShadow: none ? 'none' : '0 -6px 16px rgba(16, 36, 54, 0.08)',
      }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }} aria-live="polite">
        <Typography sx={{ fontWeight: 600 }} data-testid="timesheet-selection-count">
          {none ? t('selection.none') : t('selection.count', { count, total: formatCount(count, locale) })}
        </Typography>
        {!none && (
          <Button size="small" onClick={onClear} sx={{ ml: -0.75, minHeight: 0, py: 0 }}>
            {t('selection.clear')}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
        <Button
          variant="outlined"
          color="error"
          startIcon={<EventBusyOutlinedIcon />}
          onClick={onDidNotHappen}
          disabled={none || approving}
          sx={{ flex: { xs: '1 1 0', sm: 'none' }, whiteSpace: 'nowrap' }}
        >
          {t('actions.didNotHappen')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<EditOutlinedIcon />}
          onClick={onModify}
          disabled={none || approving}
          sx={{ flex: { xs: '1 1 0', sm: 'none' } }}
        >
          {t('actions.modify')}
        </Button>
        <Button
          variant="contained"
          startIcon={<CheckCircleOutlineIcon />}
          onClick={onApprove}
          disabled={none}
          loading={approving}
          sx={{ flex: { xs: '1 1 100%', sm: 'none' } }}
        >
          {t('actions.approve')}
        </Button>
      </Box>
    </Box>
  );
}
