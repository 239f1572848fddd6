import DoneAllIcon from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { formatCount } from '../../../lib/locale-format';
import { useTimesheetsText } from '../use-timesheets-text';

/**
 * Above the list: tick every timesheet shown that the user may decide (those the filters and the page show, no more),
 * or approve them all at once (Approve asks first: see ApproveDialog).
 */
export function BulkBar({
  count,
  state,
  approving,
  onToggleAll,
  onApproveAll,
}: {
  /** The decidable timesheets shown. */
  count: number;
  state: { checked: boolean; indeterminate: boolean; disabled: boolean };
  approving: boolean;
  onToggleAll: (checked: boolean) => void;
  onApproveAll: () => void;
}) {
  const { t, locale } = useTimesheetsText();
  const total = formatCount(count, locale);
  return (
    <Box
      role="group"
      aria-label={t('list.bulkLabel')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        px: { xs: 2, sm: 3 },
        pl: { xs: 1.25, sm: 1.5 },
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <FormControlLabel
        control={
          <Checkbox
            checked={state.checked}
            indeterminate={state.indeterminate}
            disabled={state.disabled}
            onChange={(event) => onToggleAll(event.target.checked)}
          />
        }
        label={t('list.selectAll', { count, total })}
        slotProps={{ typography: { variant: 'body2', sx: { fontWeight: 500 } } }}
        sx={{ mr: 0 }}
        data-testid="timesheets-select-all"
      />
      <Button
        variant="contained"
        size="small"
        startIcon={<DoneAllIcon />}
        onClick={onApproveAll}
        disabled={state.disabled || approving}
        data-testid="timesheets-approve-all"
        sx={{ flex: { xs: '1 1 100%', sm: 'none' }, minHeight: 40 }}
      >
        {t('list.approveAll', { count, total })}
      </Button>
    </Box>
  );
}
