import type { PendingBookingSummary } from '@portal/contract/bookings';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { UserAvatar } from '../../../components/user-avatar';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDateTime, formatTimeOfDay } from '../../../lib/locale-format';
import { useZoneLabel, withZone } from '../../../lib/use-zone-label';
import { useBookingsText } from '../list/use-bookings-text';
import { consecutiveKey, dateSpan } from './pending-format';

/**
 * Where a list Approve stands: waiting for its Undo window (`queued`), sent (`sending`), done (`approved`: the row
 * stays, marked, while the pointer is over the list, so the next row does not slide under it).
 */
export type ApprovalPhase = 'queued' | 'sending' | 'approved';

export interface PendingRowActions {
  canDecide: (request: PendingBookingSummary) => boolean;
  busy: (request: PendingBookingSummary) => boolean;
  phase: (request: PendingBookingSummary) => ApprovalPhase | undefined;
  canWithdraw: (request: PendingBookingSummary) => boolean;
  onDetails: (request: PendingBookingSummary) => void;
  onApprove: (request: PendingBookingSummary) => void;
  onUndo: (request: PendingBookingSummary) => void;
  onReject: (request: PendingBookingSummary) => void;
  onWithdraw: (request: PendingBookingSummary) => void;
}

/** The row's approval on its way: Undo while it waits (focused, in Approve's place), then what became of it. */
function ApprovalProgress({
  request,
  phase,
  actions,
}: {
  request: PendingBookingSummary;
  phase: ApprovalPhase;
  actions: PendingRowActions;
}) {
  const { t } = useBookingsText();
  return (
    <>
      <Typography
        variant="body2"
        data-testid="pending-approval-phase"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          fontWeight: 600,
          color: phase === 'approved' ? 'success.dark' : 'text.primary',
          whiteSpace: 'nowrap',
        }}
      >
        {phase === 'approved' && <TaskAltIcon fontSize="small" aria-hidden="true" />}
        {phase === 'approved' ? t('pending.approvedRow') : t('pending.approving')}
      </Typography>
      {phase === 'queued' && (
        <Button
          size="small"
          variant="outlined"
          autoFocus
          aria-label={t('pending.undoFor', { name: request.createdBy.name })}
          // The second click of a double click on Approve lands here: it is not an Undo.
          onClick={(event) => event.detail < 2 && actions.onUndo(request)}
        >
          {t('pending.undo')}
        </Button>
      )}
    </>
  );
}

/** A row on its way to approval is marked by a bar on its left (a tint would cost its buttons their contrast). */
const MARK = (theme: Theme) => `inset 4px 0 0 ${theme.palette.primary.main}`;

function Actions({ request, actions, fill }: { request: PendingBookingSummary; actions: PendingRowActions; fill?: boolean }) {
  const { t } = useBookingsText();
  const who = request.createdBy.name;
  const flex = fill ? { flex: 1 } : {};
  const phase = actions.phase(request);
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        justifyContent: fill ? 'stretch' : 'flex-end',
        flexWrap: fill ? 'wrap' : 'nowrap',
        minHeight: 32,
      }}
    >
      <Button size="small" onClick={() => actions.onDetails(request)} aria-label={t('pending.detailsFor', { name: who })} sx={flex}>
        {t('pending.details')}
      </Button>
      {phase && <ApprovalProgress request={request} phase={phase} actions={actions} />}
      {!phase && actions.canWithdraw(request) && (
        <Button size="small" variant="outlined" color="error" onClick={() => actions.onWithdraw(request)} sx={flex}>
          {t('pending.withdraw')}
        </Button>
      )}
      {!phase && actions.canDecide(request) && (
        <>
          <Button
            size="small"
            variant="outlined"
            color="error"
            onClick={() => actions.onReject(request)}
            disabled={actions.busy(request)}
            sx={flex}
          >
            {t('pending.reject')}
          </Button>
          <Button size="small" variant="contained" onClick={() => actions.onApprove(request)} loading={actions.busy(request)} sx={flex}>
            {t('pending.approve')}
          </Button>
        </>
      )}
    </Box>
  );
}

function Covering({ request }: { request: PendingBookingSummary }) {
  const { t } = useBookingsText();
  const covering = request.details.covering;
  if (!covering?.name && !covering?.reason)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('detail.none')}
      </Typography>
    );
  return (
    <>
      <Typography variant="body2">{covering.name ?? ''}</Typography>
      {covering.reason && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t(`reasons.${covering.reason}`)}
        </Typography>
      )}
    </>
  );
}

/** Desktop table of the requests pending approval. */
export function PendingRequestsTable({
  requests,
  caption,
  actions,
}: {
  requests: PendingBookingSummary[];
  caption: string;
  actions: PendingRowActions;
}) {
  const { t, locale } = useBookingsText();
  const zoneLabel = useZoneLabel();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 960, '& td, & th': { px: 2 }, '& td': { verticalAlign: 'top', py: 1.5 } }}>
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>{t('pending.createdBy')}</TableCell>
            <TableCell>{t('pending.location')}</TableCell>
            <TableCell>{t('pending.dates')}</TableCell>
            <TableCell>{t('pending.times')}</TableCell>
            <TableCell>{t('pending.covering')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('detail.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {requests.map((request) => (
            <TableRow
              key={request.id}
              data-testid="pending-request"
              data-request-id={request.id}
              data-phase={actions.phase(request)}
              sx={actions.phase(request) ? { '& td:first-of-type': { boxShadow: MARK } } : undefined}
            >
              <TableCell>
                <Box sx={{ display: 'flex', gap: 1.25, alignItems: 'center' }}>
                  <UserAvatar name={request.createdBy.name} size="sm" />
                  <div>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {request.createdBy.name}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {withZone(
                        formatDateTime(request.createdOnUtc, locale, request.location.timeZone),
                        zoneLabel(request.location.timeZone, request.createdOnUtc),
                      )}
                    </Typography>
                  </div>
                </Box>
              </TableCell>
              <TableCell>
                <Typography variant="body2">{request.location.name}</Typography>
                {request.client.name !== request.location.name && (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {request.client.name}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                  {dateSpan(request.details, locale)}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('pending.daysCount', { count: request.days })}
                  {consecutiveKey(request) ? ` · ${t(consecutiveKey(request)!)}` : ''}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {withZone(
                  t('time.range', {
                    start: formatTimeOfDay(request.details.startTime, locale),
                    end: formatTimeOfDay(request.details.endTime, locale),
                  }),
                  zoneLabel(request.location.timeZone, `${request.details.earliestDate}T${request.details.startTime}`),
                )}
              </TableCell>
              <TableCell>
                <Covering request={request} />
              </TableCell>
              <TableCell align="right">
                <Actions request={request} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Phone: one card per request. */
export function PendingRequestCards({
  requests,
  label,
  actions,
}: {
  requests: PendingBookingSummary[];
  label: string;
  actions: PendingRowActions;
}) {
  const { t, locale } = useBookingsText();
  const zoneLabel = useZoneLabel();
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {requests.map((request) => (
        <Box
          component="li"
          key={request.id}
          data-testid="pending-request"
          data-request-id={request.id}
          data-phase={actions.phase(request)}
          sx={{
            borderTop: 1,
            borderColor: 'divider',
            px: 2,
            py: 2,
            display: 'grid',
            gap: 1,
            ...(actions.phase(request) ? { boxShadow: MARK } : {}),
          }}
        >
          <Box sx={{ display: 'flex', gap: 1.25, alignItems: 'center' }}>
            <UserAvatar name={request.createdBy.name} size="sm" />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{request.createdBy.name}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {withZone(
                  formatDateTime(request.createdOnUtc, locale, request.location.timeZone),
                  zoneLabel(request.location.timeZone, request.createdOnUtc),
                )}
              </Typography>
            </Box>
          </Box>
          <Typography variant="body2">
            <strong>{request.location.name}</strong>
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {dateSpan(request.details, locale)} · {t('pending.daysCount', { count: request.days })}
            {consecutiveKey(request) ? ` · ${t(consecutiveKey(request)!)}` : ''}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {withZone(
              t('time.range', {
                start: formatTimeOfDay(request.details.startTime, locale),
                end: formatTimeOfDay(request.details.endTime, locale),
              }),
              zoneLabel(request.location.timeZone, `${request.details.earliestDate}T${request.details.startTime}`),
            )}
            {request.details.covering?.name ? ` · ${t('list.covering', { name: request.details.covering.name })}` : ''}
          </Typography>
          <Actions request={request} actions={actions} fill />
        </Box>
      ))}
    </Box>
  );
}
