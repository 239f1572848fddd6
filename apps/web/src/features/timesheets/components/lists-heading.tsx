import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { TabBar } from '../../../components/tab-bar';
import type { TimesheetsTab } from '../use-timesheets-address';
import { useTimesheetsText } from '../use-timesheets-text';

const tabsSx = { mx: { xs: -2, sm: 0 } } as const;

/** Pending and history (memoised: it renders only when its own props change, not as the page's queries answer). */
const ListTabs = memo(function ListTabs({
  tab,
  onChange,
  label,
  pendingLabel,
  historyLabel,
  phone,
}: {
  tab: TimesheetsTab;
  onChange: (value: TimesheetsTab) => void;
  label: string;
  pendingLabel: string;
  historyLabel: string;
  phone: boolean;
}) {
  return (
    <TabBar
      value={tab}
      onChange={onChange}
      label={label}
      fullWidth={phone}
      sx={tabsSx}
      tabs={[
        { value: 'pending', label: pendingLabel, id: 'timesheets-tab-pending', controls: 'timesheets-panel-pending' },
        { value: 'history', label: historyLabel, id: 'timesheets-tab-history', controls: 'timesheets-panel-history' },
      ]}
    />
  );
});

/** The lists' heading (everyone's or one educator's), the way back to everyone, and the pending and history tabs. */
export function ListsHeading({
  tab,
  educatorLabel,
  onShowEveryone,
  onTab,
  phone,
}: {
  tab: TimesheetsTab;
  /** The educator whose lists are open, if any. */
  educatorLabel: string | undefined;
  onShowEveryone: (() => void) | undefined;
  onTab: (value: TimesheetsTab) => void;
  phone: boolean;
}) {
  const { t } = useTimesheetsText();
  const heading =
    tab === 'history'
      ? educatorLabel
        ? t('history.educatorHeading', { name: educatorLabel })
        : t('history.heading')
      : educatorLabel
        ? t('list.educatorHeading', { name: educatorLabel })
        : t('list.heading');
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2.5, sm: 3 }, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}>
        <Typography variant="h2" id="timesheets-list-heading" sx={{ fontSize: '1.125rem' }} data-testid="timesheets-list-heading">
          {heading}
        </Typography>
        {onShowEveryone && (
          <Button size="small" variant="outlined" startIcon={<ArrowBackIcon />} onClick={onShowEveryone}>
            {t('list.showEveryone')}
          </Button>
        )}
      </Box>
      <ListTabs
        tab={tab}
        onChange={onTab}
        label={t('tabs.label')}
        pendingLabel={t('tabs.pending')}
        historyLabel={t('tabs.history')}
        phone={phone}
      />
    </Box>
  );
}
