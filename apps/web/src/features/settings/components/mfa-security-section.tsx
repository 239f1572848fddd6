import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import PhonelinkLockOutlinedIcon from '@mui/icons-material/PhonelinkLockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isRecoveryCode, isTotpCode } from '@portal/contract/second-step';
import { ApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/locale-format';
import { useToast } from '../../../lib/toast';
import {
  confirmTotp,
  enrolTotp,
  registerPasskey,
  removePasskey,
  removeTotp,
  useRefreshSecondStep,
  useSecondStep,
} from '../api/mfa-security';

type Failure = 'wrongCode' | 'codeShape' | 'wrongPassword' | 'passkey' | 'tooMany' | 'generic';

function failureOf(error: unknown): Failure {
  if (error instanceof ApiError) {
    if (error.code === 'auth/mfa-code-invalid' || error.code === 'auth/mfa-code-incorrect') return 'wrongCode';
    if (error.code === 'auth/wrong-current-password') return 'wrongPassword';
    if (error.code === 'auth/mfa-passkey-rejected') return 'passkey';
    if (error.status === 429) return 'tooMany';
    return 'generic';
  }
  // The browser's own refusal of a passkey (cancelled, not supported).
  return error instanceof Error ? 'passkey' : 'generic';
}

/**
 * Settings → Security: two-step sign-in. An authenticator app (set up with its first code; the recovery codes are
 * shown once, right then; removed with the password and a code) and passkeys (registered here, removed with the
 * password).
 */
export function MfaSecuritySection() {
  const { t } = useTranslation('pages');
  const status = useSecondStep();
  const data = status.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="settings-two-step" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: '16px' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <PhonelinkLockOutlinedIcon sx={{ color: 'text.secondary' }} aria-hidden="true" />
        <Typography variant="h2" id="settings-two-step" sx={{ fontSize: '1.125rem' }}>
          {t('settings.mfa.heading')}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('settings.mfa.description')}
      </Typography>
      {data?.required && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('settings.mfa.required')}
        </Alert>
      )}
      {status.isError && <Alert severity="error">{t('settings.mfa.loadFailed')}</Alert>}
      {data && (
        <Stack spacing={3}>
          <AppPart enrolled={data.totp} recoveryCodesLeft={data.recoveryCodesLeft} />
          <PasskeysPart passkeys={data.passkeys} />
        </Stack>
      )}
    </Paper>
  );
}

function AppPart({ enrolled, recoveryCodesLeft }: { enrolled: boolean; recoveryCodesLeft: number }) {
  const { t } = useTranslation('pages');
  const toast = useToast();
  const refresh = useRefreshSecondStep();
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  }

  const begin = () =>
    run(async () => {
      setSetup(await enrolTotp());
      setCode('');
    });

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!isTotpCode(code)) return setFailure('codeShape');
    void run(async () => {
      setCodes(await confirmTotp(code));
      setSetup(null);
      setCode('');
      toast.success(t('settings.mfa.enrolled'));
      await refresh();
    });
  }

  function remove(event: FormEvent) {
    event.preventDefault();
    if (!isTotpCode(code) && !isRecoveryCode(code)) return setFailure('codeShape');
    if (!password) return setFailure('wrongPassword');
    void run(async () => {
      await removeTotp(password, code);
      setRemoving(false);
      setPassword('');
      setCode('');
      toast.success(t('settings.mfa.removed'));
      await refresh();
    });
  }

  const error = failure && <Alert severity="error">{t(`settings.mfa.errors.${failure}`)}</Alert>;
  return (
    <Box component="section" aria-labelledby="settings-mfa-app">
      <Typography variant="h3" id="settings-mfa-app" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
        {t('settings.mfa.appHeading')}
      </Typography>
      <Typography data-testid="mfa-app-state" sx={{ mb: 1.5 }}>
        {enrolled ? t('settings.mfa.appOn', { count: recoveryCodesLeft }) : t('settings.mfa.appOff')}
      </Typography>
      <Stack spacing={2}>
        {codes && (
          <Alert severity="warning" role="status">
            <Typography sx={{ mb: 1 }}>{t('settings.mfa.recoveryCodesLead')}</Typography>
            <Box
              component="ul"
              aria-label={t('settings.mfa.recoveryCodesLabel')}
              data-testid="recovery-codes"
              sx={{
                m: 0,
                p: 0,
                listStyle: 'none',
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(11em, 1fr))',
                gap: 0.75,
              }}
            >
              {codes.map((c) => (
                <li key={c}>
                  <Box component="code" sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 600 }}>
                    {c}
                  </Box>
                </li>
              ))}
            </Box>
            <Button sx={{ mt: 1.5 }} variant="outlined" size="small" onClick={() => setCodes(null)}>
              {t('settings.mfa.codesKept')}
            </Button>
          </Alert>
        )}
        {setup && (
          <Stack component="form" noValidate spacing={2} onSubmit={confirm}>
            <Box component="ol" sx={{ m: 0, pl: 2.5, '& li': { mb: 1 } }}>
              <li>
                {t('settings.mfa.enrolScan')}{' '}
                <Link href={setup.otpauthUrl} sx={{ fontWeight: 500 }}>
                  {t('settings.mfa.enrolOpenApp')}
                </Link>
              </li>
              <li>
                {t('settings.mfa.enrolKey')}
                <Box
                  component="code"
                  data-testid="mfa-secret"
                  sx={{ display: 'block', fontFamily: 'ui-monospace, monospace', fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
                </Box>
              </li>
              <li>{t('settings.mfa.enrolCode')}</li>
            </Box>
            {error}
            <TextField
              id="mfa-confirm-code"
              label={t('settings.mfa.code')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
              error={failure === 'codeShape' || failure === 'wrongCode'}
              sx={{ maxWidth: 240 }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button type="submit" variant="contained" disabled={busy}>
                {t('settings.mfa.confirm')}
              </Button>
              <Button variant="text" onClick={() => setSetup(null)} disabled={busy}>
                {t('settings.mfa.cancel')}
              </Button>
            </Stack>
          </Stack>
        )}
        {removing && (
          <Stack component="form" noValidate spacing={2} onSubmit={remove}>
            <Typography variant="body2">{t('settings.mfa.removeLead')}</Typography>
            {error}
            <TextField
              id="mfa-remove-password"
              type="password"
              label={t('settings.mfa.password')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              error={failure === 'wrongPassword'}
              sx={{ maxWidth: 360 }}
            />
            <TextField
              id="mfa-remove-code"
              label={t('settings.mfa.codeOrRecovery')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              error={failure === 'codeShape' || failure === 'wrongCode'}
              sx={{ maxWidth: 360 }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button type="submit" variant="contained" color="error" disabled={busy}>
                {t('settings.mfa.remove')}
              </Button>
              <Button variant="text" onClick={() => setRemoving(false)} disabled={busy}>
                {t('settings.mfa.cancel')}
              </Button>
            </Stack>
          </Stack>
        )}
        {!setup && !removing && (
          <Box>
            {!setup && !enrolled && failure && error}
            {enrolled ? (
              <Button variant="outlined" color="error" onClick={() => setRemoving(true)}>
                {t('settings.mfa.remove')}
              </Button>
            ) : (
              <Button variant="contained" onClick={() => void begin()} disabled={busy}>
                {t('settings.mfa.setUp')}
              </Button>
            )}
          </Box>
        )}
      </Stack>
    </Box>
  );
}

function PasskeysPart({ passkeys }: { passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[] }) {
  const { t, i18n } = useTranslation('pages');
  const toast = useToast();
  const refresh = useRefreshSecondStep();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await registerPasskey(name.trim() || t('settings.mfa.passkeyDefaultName'));
      setName('');
      toast.success(t('settings.mfa.passkeyAdded'));
      await refresh();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function remove(event: FormEvent) {
    event.preventDefault();
    if (!removing) return;
    setBusy(true);
    setFailure(null);
    try {
      await removePasskey(removing, password);
      setRemoving(null);
      setPassword('');
      toast.success(t('settings.mfa.passkeyRemoved'));
      await refresh();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="section" aria-labelledby="settings-mfa-passkeys">
      <Typography variant="h3" id="settings-mfa-passkeys" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
        {t('settings.mfa.passkeysHeading')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('settings.mfa.passkeysDescription')}
      </Typography>
      {passkeys.length > 0 && (
        <List dense disablePadding data-testid="passkey-list" sx={{ mb: 1 }}>
          {passkeys.map((key) => (
            <ListItem
              key={key.id}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  color="error"
                  onClick={() => setRemoving(key.id)}
                  aria-label={t('settings.mfa.passkeyRemoveNamed', { name: key.name })}
                >
                  {t('settings.mfa.passkeyRemove')}
                </Button>
              }
            >
              <KeyOutlinedIcon fontSize="small" sx={{ mr: 1.5, color: 'text.secondary' }} aria-hidden="true" />
              <ListItemText
                primary={key.name}
                secondary={t('settings.mfa.passkeyAddedOn', { date: formatDateTime(key.createdAt, i18n.language) })}
              />
            </ListItem>
          ))}
        </List>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(`settings.mfa.errors.${failure}`)}
        </Alert>
      )}
      {removing ? (
        <Stack component="form" noValidate spacing={2} onSubmit={(e) => void remove(e)}>
          <TextField
            id="passkey-remove-password"
            type="password"
            label={t('settings.mfa.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            sx={{ maxWidth: 360 }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button type="submit" variant="contained" color="error" disabled={busy || !password}>
              {t('settings.mfa.passkeyRemove')}
            </Button>
            <Button variant="text" onClick={() => setRemoving(null)} disabled={busy}>
              {t('settings.mfa.cancel')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Stack
          component="form"
          noValidate
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          onSubmit={(e) => void add(e)}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <TextField
            id="passkey-name"
            size="small"
            label={t('settings.mfa.passkeyName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <Button type="submit" variant="outlined" disabled={busy}>
            {t('settings.mfa.passkeyAdd')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
