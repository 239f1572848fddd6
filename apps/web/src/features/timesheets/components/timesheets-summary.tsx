import type { TimesheetsOverviewResponse } from '@portal/contract/dashboard';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import PendingActionsOutlinedIcon from '@mui/icons-material/PendingActionsOutlined';
import TaskAltOutlinedIcon from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { formatCount, formatDateList } from '../../../lib/locale-format';
import { useTimesheetsText } from '../use-timesheets-text';
import { TONES } from '../../../components/tone-chip';
import { ErrorState } from '../../../components/query-state';

const card = { borderRadius: '16px', overflow: 'hidden' } as const;
const EDUCATORS_SHOWN = 6;
/** The newest weeks with timesheets to approve offered per school (the list's week filter has every one). */
const WEEKS_SHOWN = 3;

type Counts = { pendingApproval: number; pendingReview: number; approved: number };

function Tile({
  label,
  help,
  value,
  icon,
  accent,
  testId,
}: {
  label: string;
  help: string;
  value: string | undefined;
  icon: ReactNode;
  accent: string;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ ...card, p: { xs: 1.5, sm: 2.5 }, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box
        aria-hidden="true"
        sx={{
          display: { xs: 'none', sm: 'grid' },
          width: 44,
          height: 44,
          borderRadius: 3,
          placeItems: 'center',
          bgcolor: accent,
          color: 'primary.dark',
          flexShrink: 0,
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          component="h3"
          sx={{ color: 'text.secondary', fontSize: { xs: '0.8125rem', sm: '0.875rem' }, fontWeight: 600, lineHeight: 1.3 }}
        >
          {label}
        </Typography>
        <Typography
          component="p"
          data-testid={testId}
          sx={{ fontSize: { xs: '1.375rem', sm: '1.75rem' }, fontWeight: 700, lineHeight: 1.2 }}
        >
          {value ?? <Skeleton width={48} />}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}>
          {help}
        </Typography>
      </Box>
    </Paper>
  );
}

/** A titled panel; on a phone it starts closed behind its heading's button, so the list to approve is near. */
function Panel({
  id,
  title,
  collapsible,
  initiallyOpen = false,
  children,
}: {
  id: string;
  title: string;
  collapsible: boolean;
  initiallyOpen?: boolean;
  children: ReactNode;
}) {
  const { t } = useTimesheetsText();
  const [open, setOpen] = useState(initiallyOpen);
  const shown = !collapsible || open;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={card}>
      <Typography
        variant="h3"
        id={collapsible ? undefined : id}
        sx={{ fontSize: '1rem', px: collapsible ? 0 : 2.5, pt: collapsible ? 0 : 2, pb: collapsible ? 0 : 1 }}
      >
        {collapsible ? (
          <ButtonBase
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={`${id}-content`}
            sx={{ width: '100%', justifyContent: 'space-between', px: 2.5, py: 1.75, font: 'inherit', textAlign: 'left' }}
          >
            <span id={id}>{title}</span>
            <Box
              component="span"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'primary.dark', fontSize: '0.875rem', fontWeight: 600 }}
            >
              {open ? t('summary.hide') : t('summary.show')}
              <ExpandMoreIcon aria-hidden="true" sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }} />
            </Box>
          </ButtonBase>
        ) : (
          title
        )}
      </Typography>
      <Box id={`${id}-content`} hidden={!shown}>
        {shown && children}
      </Box>
    </Paper>
  );
}

function CountsLine({ counts }: { counts: Counts }) {
  const { t, locale } = useTimesheetsText();
  const n = (value: number) => formatCount(value, locale);
  return (
    <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
      <Typography
        variant="body2"
        sx={(theme) => ({
          fontWeight: 700,
          whiteSpace: 'nowrap',
          color: counts.pendingApproval > 0 ? TONES.warning.light[1] : theme.palette.text.secondary,
          ...(counts.pendingApproval > 0 ? theme.applyStyles('dark', { color: TONES.warning.dark[1] }) : {}),
        })}
      >
        {t('summary.toApproveCount', { count: counts.pendingApproval, total: n(counts.pendingApproval) })}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {t('summary.otherCounts', { pendingReview: n(counts.pendingReview), approved: n(counts.approved) })}
      </Typography>
    </Box>
  );
}

type Summary = TimesheetsOverviewResponse;

/** The three totals: to approve, in review with us, approved. A dash for each when the summary failed. */
function SummaryTiles({ totals, failed }: { totals: Summary['totals'] | undefined; failed: boolean }) {
  const { t, locale } = useTimesheetsText();
  const value = (count: number | undefined) => (count === undefined ? (failed ? '—' : undefined) : formatCount(count, locale));
  return (
    <Box sx={{ display: 'grid', gap: { xs: 1, sm: 2 }, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
      <Tile
        label={t('summary.pendingApproval')}
        help={t('summary.pendingApprovalHelp')}
        value={value(totals?.pendingApproval)}
        icon={<PendingActionsOutlinedIcon />}
        accent="rgba(255, 167, 38, 0.18)"
        testId="timesheets-total-pending-approval"
      />
      <Tile
        label={t('summary.pendingReview')}
        help={t('summary.pendingReviewHelp')}
        value={value(totals?.pendingReview)}
        icon={<HourglassEmptyOutlinedIcon />}
        accent="rgba(0,172,239,0.12)"
        testId="timesheets-total-pending-review"
      />
      <Tile
        label={t('summary.approved')}
        help={t('summary.approvedHelp')}
        value={value(totals?.approved)}
        icon={<TaskAltOutlinedIcon />}
        accent="rgba(102, 187, 106, 0.18)"
        testId="timesheets-total-approved"
      />
    </Box>
  );
}

interface SchoolLinks {
  /** The address of the list filtered to a school, and to one of its weeks. */
  schoolLink: (clientId: number, weekOf?: string) => string;
  onFollowSchoolLink: () => void;
}

/** One school: a link to its timesheets with its counts, and links to its newest weeks with some to approve. */
function SchoolRow({ school, schoolLink, onFollowSchoolLink }: SchoolLinks & { school: Summary['clients'][number] }) {
  const { t, locale } = useTimesheetsText();
  const weeks = school.pendingApprovalWeeks.slice(0, WEEKS_SHOWN);
  return (
    <ListItem
      divider
      data-testid="timesheets-school-row"
      data-client-id={school.clientId}
      sx={{ px: 2.5, display: 'grid', gap: 1, '&:last-of-type': { borderBottom: 0 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Link
          component={RouterLink}
          to={schoolLink(school.clientId)}
          onClick={onFollowSchoolLink}
          variant="body2"
          sx={{ flex: 1, minWidth: 0, fontWeight: 600, py: 0.5 }}
        >
          {school.clientName}
        </Link>
        <CountsLine counts={school} />
      </Box>
      {weeks.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {weeks.map((week) => {
            const date = formatDateList(week.weekOf, locale);
            const total = formatCount(week.pendingApproval, locale);
            return (
              <Chip
                key={week.weekOf}
                component={RouterLink}
                to={schoolLink(school.clientId, week.weekOf)}
                onClick={onFollowSchoolLink}
                clickable
                variant="outlined"
                label={t('summary.weekLink', { date, total })}
                aria-label={t('summary.weekLinkLabel', { date, total, name: school.clientName })}
                data-testid="timesheets-school-week"
                data-week-of={week.weekOf}
                sx={{ height: 32, color: 'primary.dark', borderColor: 'primary.main', fontWeight: 600 }}
              />
            );
          })}
        </Box>
      )}
    </ListItem>
  );
}

/** The educators, most to approve first; the first few, or all of them when asked. Each opens their own list. */
function ByEducatorPanel({
  candidates,
  educatorId,
  onOpenEducator,
  collapsible,
}: {
  candidates: Summary['candidates'];
  educatorId: number | undefined;
  onOpenEducator: (candidateId: number) => void;
  collapsible: boolean;
}) {
  const { t, locale } = useTimesheetsText();
  const [allEducators, setAllEducators] = useState(false);
  const educators = [...candidates].sort((a, b) => b.pendingApproval - a.pendingApproval || a.candidateName.localeCompare(b.candidateName));
  const shownEducators = allEducators ? educators : educators.slice(0, EDUCATORS_SHOWN);
  return (
    <Panel id="timesheets-by-educator" title={t('summary.byEducator')} collapsible={collapsible}>
      {educators.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', px: 2.5, pb: 2 }}>
          {t('summary.noEducators')}
        </Typography>
      ) : (
        <List disablePadding aria-labelledby="timesheets-by-educator" data-testid="timesheets-by-educator">
          {shownEducators.map((educator) => (
            <ListItem key={educator.candidateId} disablePadding divider>
              <ListItemButton
                onClick={() => onOpenEducator(educator.candidateId)}
                selected={educator.candidateId === educatorId}
                aria-label={t('summary.viewEducator', { name: educator.candidateName })}
                aria-current={educator.candidateId === educatorId ? 'true' : undefined}
                sx={{ px: 2.5, gap: 1.5 }}
              >
                <UserAvatar name={educator.candidateName} size="sm" />
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0, fontWeight: 500 }}>
                  {educator.candidateName}
                </Typography>
                <CountsLine counts={educator} />
                <ChevronRightIcon aria-hidden="true" sx={{ color: 'text.secondary' }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {educators.length > EDUCATORS_SHOWN && (
        <Box sx={{ px: 1.5, py: 1 }}>
          <Button size="small" onClick={() => setAllEducators((open) => !open)} aria-expanded={allEducators}>
            {allEducators
              ? t('summary.showFewerEducators')
              : t('summary.showAllEducators', { count: educators.length, total: formatCount(educators.length, locale) })}
          </Button>
        </Box>
      )}
    </Panel>
  );
}

/**
 * The timesheet summary (spec §3): totals, per school and per educator. Each educator opens their own list
 * (GET /v1/timesheets/candidate); each school, and each of its newest weeks with timesheets to approve, is a link to
 * the list filtered to it.
 */
export function TimesheetsSummary({
  summary,
  failed,
  onRetry,
  onOpenEducator,
  educatorId,
  schoolLink,
  onFollowSchoolLink,
  phone,
  filtered,
}: SchoolLinks & {
  summary: Summary | undefined;
  failed: boolean;
  onRetry: () => void;
  onOpenEducator: (candidateId: number) => void;
  educatorId: number | undefined;
  /** A phone: compact tiles, the per-educator panel closed until asked for. */
  phone: boolean;
  /** The list is narrowed to a school or week: on a phone "By school" then starts closed, so the list is near. */
  filtered: boolean;
}) {
  const { t } = useTimesheetsText();
  const schools = summary?.clients ?? [];
  const showSchools = schools.length > 1;

  return (
    <Box component="section" aria-labelledby="timesheets-summary-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h2" id="timesheets-summary-heading" sx={{ fontSize: '1.125rem' }}>
        {t('summary.heading')}
      </Typography>
      {failed && <ErrorState message={t('summary.loadFailed')} onRetry={onRetry} />}
      <SummaryTiles totals={summary?.totals} failed={failed} />
      {!summary && !failed && (
        // Where the per-educator panel comes (closed on a phone; six educators open elsewhere), so the lists below
        // do not move when the summary arrives.
        <Skeleton variant="rounded" height={phone ? 52 : 457} />
      )}
      {summary && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: showSchools ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          {showSchools && (
            <Panel id="timesheets-by-school" title={t('summary.bySchool')} collapsible={phone} initiallyOpen={!filtered}>
              <List disablePadding aria-labelledby="timesheets-by-school" data-testid="timesheets-by-school">
                {schools.map((school) => (
                  <SchoolRow key={school.clientId} school={school} schoolLink={schoolLink} onFollowSchoolLink={onFollowSchoolLink} />
                ))}
              </List>
            </Panel>
          )}
          <ByEducatorPanel candidates={summary.candidates} educatorId={educatorId} onOpenEducator={onOpenEducator} collapsible={phone} />
        </Box>
      )}
    </Box>
  );
}
