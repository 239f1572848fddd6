import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import type { EmailActionView } from '@portal/contract/email-actions';
import { MAX_REASON_LENGTH } from '@portal/contract/limits';
import { CenteredCard } from '../../components/centered-card';
import { ErrorScreen } from '../../components/error-screen';
import { ApiError } from '../../lib/api-error';
import { formatDayLong, formatTimeOfDay } from '../../lib/locale-format';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { useSession } from '../../lib/use-session';
import { fetchEmailAction, performEmailAction } from './email-action-api';

type Loaded = { result: 'ready'; view: EmailActionView } | { result: 'expired' | 'noResponse' | 'failed' };

/**
 * The page of an Approve or Reject link of the pending-approval e-mail (`/email-action/<secret>`), without sign-in.
 * Opening it only reads what the link is for (mail scanners follow links); the approver acts with the button.
 * Once the request was decided (through this link or any other way) it says how, by whom and when; only an
 * expired or unknown link shows the expired-link page.
 */
export async function emailActionLoader({ params }: LoaderFunctionArgs): Promise<Loaded> {
  const token = params.token ?? '';
  if (!token) return { result: 'expired' };
  try {
    return { result: 'ready', view: await fetchEmailAction(token) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 410 || error.status === 400 || error.status === 404)) return { result: 'expired' };
    if (error instanceof ApiError && error.noResponse) return { result: 'noResponse' };
    return { result: 'failed' };
  }
}

export function EmailActionPage() {
  const loaded = useLoaderData<Loaded>();
  const { token = '' } = useParams();
  const signedIn = useSession() !== null;
  const [state, setState] = useState<'form' | 'done' | 'expired'>('form');
  // Read again when the request turned out to be decided meanwhile (a 409 on acting).
  const [decided, setDecided] = useState<EmailActionView['decided']>(null);

  if (loaded.result === 'expired' || state === 'expired') return <ErrorScreen type="expiredError" signedIn={signedIn} />;
  if (loaded.result !== 'ready') return <LoadFailed noResponse={loaded.result === 'noResponse'} />;
  if (state === 'done') return <Done action={loaded.view.action} signedIn={signedIn} />;
  const decision = decided ?? loaded.view.decided;
  if (decision) return <Decided decision={decision} signedIn={signedIn} />;
  return (
    <Confirm
      view={loaded.view}
      token={token}
      onDone={() => setState('done')}
      onExpired={() => setState('expired')}
      onDecided={(view) => setDecided(view.decided)}
    />
  );
}

interface ConfirmProps {
  view: EmailActionView;
  token: string;
  onDone: () => void;
  onExpired: () => void;
  onDecided: (view: EmailActionView) => void;
}

function Confirm({ view, token, onDone, onExpired, onDecided }: ConfirmProps) {
  const { t, i18n } = useTranslation(['email-action', 'errors']);
  const locale = i18n.language;
  const keys = useIdempotencyKey();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const rejecting = view.action === 'reject';
  const missing = rejecting && reason.trim() === '';
  usePageTitle(t(rejecting ? 'title.reject' : 'title.approve'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing || sending) return;
    const body = rejecting ? { reason: reason.trim() } : {};
    setSending(true);
    setFailure(undefined);
    try {
      await keys.run(body, (key) => performEmailAction(token, body, key));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) return onExpired();
      if (error instanceof ApiError && error.status === 409) {
        const fresh = await fetchEmailAction(token).catch(() => undefined);
        if (fresh?.decided) return onDecided(fresh);
      }
      if (error instanceof ApiError && error.noResponse) setFailure(t('errors:api.noServerResponse'));
      else if (error instanceof ApiError && error.status < 500 && error.serverMessage) setFailure(error.serverMessage);
      else setFailure(t('errors:api.generic'));
    } finally {
      setSending(false);
    }
  };

  const { request } = view;
  const facts: Array<[string, string]> = [
    [
      t('fields.school'),
      request.clientName === request.locationName ? request.locationName : `${request.locationName} (${request.clientName})`,
    ],
    [t('fields.dates'), request.dates.map((d) => formatDayLong(d, locale)).join(', ')],
    [
      t('fields.times'),
      t('timeRange', { start: formatTimeOfDay(request.startTime, locale), end: formatTimeOfDay(request.endTime, locale) }),
    ],
    [t('fields.classification'), request.classification],
    [t('fields.requestedBy'), request.requesterName],
    ...(request.reference ? [[t('fields.reference'), request.reference] as [string, string]] : []),
  ];

  return (
    <CenteredCard maxWidth={560}>
      <Box component="form" noValidate onSubmit={submit}>
        <Typography variant="h1" sx={{ textAlign: 'center', mb: 1 }}>
          {t(rejecting ? 'title.reject' : 'title.approve')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', textAlign: 'center', mb: 3 }}>
          {t(rejecting ? 'intro.reject' : 'intro.approve', { name: view.approverName })}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            mb: 3,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 3,
            rowGap: { xs: 0.25, sm: 1 },
          }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 } }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {rejecting && (
          <TextField
            label={t('reasonLabel')}
            required
            multiline
            minRows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value.slice(0, MAX_REASON_LENGTH))}
            error={tried && missing}
            helperText={tried && missing ? t('reasonRequired') : t('reasonHelp')}
            fullWidth
            sx={{ mb: 3 }}
          />
        )}
        {failure && (
          <Alert severity="error" variant="outlined" sx={{ mb: 3 }}>
            {failure}
          </Alert>
        )}
        <Stack spacing={1.5}>
          <Button type="submit" variant="contained" color={rejecting ? 'error' : 'primary'} size="large" fullWidth loading={sending}>
            {t(rejecting ? 'rejectButton' : 'approveButton')}
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
            {t('validUntil', { when: new Date(view.expiresAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) })}
          </Typography>
        </Stack>
      </Box>
    </CenteredCard>
  );
}

/** How a link's request ended (approved or rejected): icon, title, what happened, and the way into the portal. */
function Outcome({
  approved,
  title,
  lead,
  body,
  button,
  signedIn,
  testId,
}: {
  approved: boolean;
  title: string;
  lead?: string;
  body: string;
  button: string;
  signedIn: boolean;
  testId: string;
}) {
  usePageTitle(title);
  const Icon = approved ? CheckCircleOutlineIcon : HighlightOffIcon;
  return (
    <CenteredCard>
      <Box sx={{ textAlign: 'center' }} role="status" data-testid={testId}>
        <Icon aria-hidden="true" sx={{ fontSize: 48, color: approved ? 'success.main' : 'text.secondary', mb: 1 }} />
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {lead && <Typography sx={{ fontWeight: 500, mb: 1 }}>{lead}</Typography>}
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>{body}</Typography>
        <Button
          component={RouterLink}
          to={signedIn ? paths.bookingsPendingApproval : paths.login}
          variant="contained"
          size="large"
          fullWidth
        >
          {button}
        </Button>
      </Box>
    </CenteredCard>
  );
}

function Done({ action, signedIn }: { action: EmailActionView['action']; signedIn: boolean }) {
  const { t } = useTranslation('email-action');
  const approved = action === 'approve';
  return (
    <Outcome
      approved={approved}
      title={t(approved ? 'done.approvedTitle' : 'done.rejectedTitle')}
      body={t(approved ? 'done.approvedBody' : 'done.rejectedBody')}
      button={t('toPortal')}
      signedIn={signedIn}
      testId="email-action-done"
    />
  );
}

/** The request was decided (or withdrawn by the requester): how, by whom and when, and the way into the portal. */
function Decided({ decision, signedIn }: { decision: NonNullable<EmailActionView['decided']>; signedIn: boolean }) {
  const { t, i18n } = useTranslation('email-action');
  const approved = decision.outcome === 'approved';
  const outcome = decision.outcome;
  const when = decision.at ? new Date(decision.at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '';
  return (
    <Outcome
      approved={approved}
      title={t(`decided.${outcome}Title`)}
      lead={decision.byName ? t(`decided.${outcome}By`, { name: decision.byName, when }) : t(`decided.${outcome}`, { when })}
      body={t('decided.noLongerNeeded')}
      button={signedIn ? t('toPortal') : t('decided.signIn')}
      signedIn={signedIn}
      testId="email-action-decided"
    />
  );
}

function LoadFailed({ noResponse }: { noResponse: boolean }) {
  const { t } = useTranslation(['email-action', 'errors']);
  usePageTitle(t('title.generic'));
  return (
    <CenteredCard>
      <Typography variant="h1" sx={{ textAlign: 'center', mb: 2 }}>
        {t('title.generic')}
      </Typography>
      <Alert severity="error" variant="outlined" sx={{ mb: 4 }}>
        {noResponse ? t('errors:api.noServerResponse') : t('errors:api.generic')}
      </Alert>
      <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
        {t('toPortal')}
      </Button>
    </CenteredCard>
  );
}
