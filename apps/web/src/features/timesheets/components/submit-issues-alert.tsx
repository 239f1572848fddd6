import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SubmitIssues } from '../use-timesheet-decision';
import { useTimesheetsText } from '../use-timesheets-text';

/** A decision sent with issues (spec §8): how many went through, and each one that did not and why. */
export function SubmitIssuesAlert({ issues, onClose }: { issues: SubmitIssues; onClose: () => void }) {
  const { t } = useTimesheetsText();
  return (
    <Alert
      severity="error"
      role="alert"
      onClose={onClose}
      data-testid="timesheet-submit-issues"
      slotProps={{ closeButton: { 'aria-label': t('submit.dismiss') } }}
    >
      <AlertTitle>{t('submit.withIssues')}</AlertTitle>
      {issues.submitted > 0 && (
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          {t('submit.withIssuesDone', { count: issues.submitted })}
        </Typography>
      )}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {issues.lines.map((line) => (
          <li key={line}>
            <Typography variant="body2">{line}</Typography>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
