import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenResponse } from '@portal/contract/auth';
import { isRecoveryCode, isTotpCode } from '@portal/contract/second-step';
import { ActionButton } from '../../../components/action-button';
import { ErrorAlert } from '../../../components/error-alert';
import { TextInput } from '../../../components/text-input';
import { ApiError } from '../../../lib/api-error';
import { startSession } from '../../../lib/session';
import { confirmEnrolment, startEnrolment, verifyCode, verifyWithPasskey, type SecondStep } from '../api/mfa-second-step';
import './mfa-second-step.css';

type ErrorKey =
  | 'secondStep.errors.codeShape'
  | 'secondStep.errors.totpShape'
  | 'secondStep.errors.wrongCode'
  | 'secondStep.errors.expired'
  | 'secondStep.errors.passkey'
  | 'secondStep.errors.tooMany'
  | 'secondStep.errors.generic';

/** The text of a refused step, by the problem code the server answered. */
function errorKeyOf(error: unknown): ErrorKey {
  if (error instanceof ApiError) {
    if (error.code === 'auth/mfa-challenge-invalid') return 'secondStep.errors.expired';
    if (error.code === 'auth/mfa-code-invalid' || error.code === 'auth/mfa-code-incorrect') return 'secondStep.errors.wrongCode';
    if (error.code === 'auth/mfa-passkey-invalid') return 'secondStep.errors.passkey';
    if (error.status === 429) return 'secondStep.errors.tooMany';
  }
  // The browser's own refusal (the passkey dialog cancelled, no passkey on this device).
  if (error instanceof Error && error.name !== 'ApiError') return 'secondStep.errors.passkey';
  return 'secondStep.errors.generic';
}

interface Props {
  step: SecondStep;
  onSignedIn: (result: TokenResponse) => void | Promise<void>;
  /** Back to the e-mail and password (a dead challenge needs the password again). */
  onRestart: () => void;
}

/** After the right password: the second step (a code, a recovery code or a passkey), or setting one up first. */
export function MfaSecondStep({ step, onSignedIn, onRestart }: Props) {
  return 'mfaRequired' in step ? (
    <SecondStepForm challenge={step.challenge} methods={step.methods} onSignedIn={onSignedIn} onRestart={onRestart} />
  ) : (
    <EnrolmentForm challenge={step.challenge} onSignedIn={onSignedIn} onRestart={onRestart} />
  );
}

function SecondStepForm({
  challenge,
  methods,
  onSignedIn,
  onRestart,
}: { challenge: string; methods: ('totp' | 'recovery' | 'passkey')[] } & Omit<Props, 'step'>) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<'totp' | 'recovery'>(methods.includes('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [error, setError] = useState<ErrorKey | null>(null);
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => codeRef.current?.focus(), [mode]);

  async function finish(run: () => Promise<TokenResponse>, kind: 'code' | 'passkey') {
    setBusy(kind);
    setError(null);
    try {
      const result = await run();
      startSession(result);
      await onSignedIn(result);
    } catch (failure) {
      setError(errorKeyOf(failure));
      codeRef.current?.focus();
    } finally {
      setBusy(null);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const valid = mode === 'totp' ? isTotpCode(code) : isRecoveryCode(code);
    if (!valid) {
      setError(mode === 'totp' ? 'secondStep.errors.totpShape' : 'secondStep.errors.codeShape');
      codeRef.current?.focus();
      return;
    }
    void finish(() => verifyCode(challenge, code), 'code');
  }

  const expired = error === 'secondStep.errors.expired';
  // Passkeys alone (no authenticator app, so no recovery codes): the passkey is the one way on.
  const passkeyOnly = !methods.includes('totp') && !methods.includes('recovery');
  if (passkeyOnly) {
    return (
      <div className="portal-sign-in__fields">
        <p className="portal-mfa__lead">{t('secondStep.passkeyLead')}</p>
        {error && <ErrorAlert>{t(error)}</ErrorAlert>}
        {!expired && (
          <ActionButton
            size="large"
            fullWidth
            loading={busy === 'passkey'}
            onClick={() => void finish(() => verifyWithPasskey(challenge), 'passkey')}
          >
            {t('secondStep.usePasskey')}
          </ActionButton>
        )}
        <div className="portal-mfa__alternatives">
          <button type="button" className="portal-mfa__link" onClick={onRestart}>
            {t('secondStep.restart')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit} aria-labelledby="mfa-heading">
      <div className="portal-sign-in__fields">
        <p className="portal-mfa__lead" id="mfa-lead">
          {mode === 'totp' ? t('secondStep.totpLead') : t('secondStep.recoveryLead')}
        </p>
        {error && <ErrorAlert>{t(error)}</ErrorAlert>}
        {expired ? (
          <ActionButton size="large" fullWidth onClick={onRestart}>
            {t('secondStep.restart')}
          </ActionButton>
        ) : (
          <>
            <TextInput
              ref={codeRef}
              key={mode}
              id="mfa-code"
              name="code"
              label={mode === 'totp' ? t('secondStep.codeLabel') : t('secondStep.recoveryLabel')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              inputMode={mode === 'totp' ? 'numeric' : 'text'}
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={mode === 'totp' ? 7 : 19}
              required
              fullWidth
              error={error === 'secondStep.errors.totpShape' || error === 'secondStep.errors.codeShape'}
            />
            <ActionButton type="submit" size="large" fullWidth loading={busy === 'code'}>
              {t('secondStep.verify')}
            </ActionButton>
          </>
        )}
        <div className="portal-mfa__alternatives">
          {!expired && methods.includes('totp') && (
            <button
              type="button"
              className="portal-mfa__link"
              onClick={() => {
                setMode(mode === 'totp' ? 'recovery' : 'totp');
                setCode('');
                setError(null);
              }}
            >
              {mode === 'totp' ? t('secondStep.useRecovery') : t('secondStep.useApp')}
            </button>
          )}
          {!expired && methods.includes('passkey') && (
            <button
              type="button"
              className="portal-mfa__link"
              disabled={busy !== null}
              onClick={() => void finish(() => verifyWithPasskey(challenge), 'passkey')}
            >
              {busy === 'passkey' ? t('secondStep.passkeyWaiting') : t('secondStep.usePasskey')}
            </button>
          )}
          {!expired && (
            <button type="button" className="portal-mfa__link" onClick={onRestart}>
              {t('secondStep.restart')}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}

/** The contact's group requires a second step: set up an authenticator app, keep the recovery codes, carry on. */
function EnrolmentForm({ challenge, onSignedIn, onRestart }: { challenge: string } & Omit<Props, 'step'>) {
  const { t } = useTranslation('auth');
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<ErrorKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ codes: string[]; session: TokenResponse } | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    startEnrolment(challenge).then(
      (answer) => live && setSetup(answer),
      (failure: unknown) => live && setError(errorKeyOf(failure)),
    );
    return () => {
      live = false;
    };
  }, [challenge]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!isTotpCode(code)) {
      setError('secondStep.errors.totpShape');
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { recoveryCodes, ...session } = await confirmEnrolment(challenge, code);
      setDone({ codes: recoveryCodes, session });
    } catch (failure) {
      setError(errorKeyOf(failure));
      codeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function carryOn() {
    if (!done) return;
    setBusy(true);
    startSession(done.session);
    await onSignedIn(done.session);
  }

  if (done) {
    return (
      <div className="portal-sign-in__fields">
        <p className="portal-mfa__lead">{t('secondStep.recoveryCodesLead')}</p>
        <RecoveryCodeList codes={done.codes} label={t('secondStep.recoveryCodesLabel')} />
        <ActionButton size="large" fullWidth loading={busy} onClick={() => void carryOn()}>
          {t('secondStep.continue')}
        </ActionButton>
      </div>
    );
  }

  const expired = error === 'secondStep.errors.expired';
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <div className="portal-sign-in__fields">
        <p className="portal-mfa__lead">{t('secondStep.enrolLead')}</p>
        {error && <ErrorAlert>{t(error)}</ErrorAlert>}
        {setup && !expired && (
          <>
            <ol className="portal-mfa__steps">
              <li>
                {t('secondStep.enrolScan')}{' '}
                <a className="portal-text-link portal-text-link--strong" href={setup.otpauthUrl}>
                  {t('secondStep.enrolOpenApp')}
                </a>
              </li>
              <li>
                {t('secondStep.enrolKey')}
                <code className="portal-mfa__secret" data-testid="mfa-secret">
                  {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
                </code>
              </li>
              <li>{t('secondStep.enrolCode')}</li>
            </ol>
            <TextInput
              ref={codeRef}
              id="mfa-enrol-code"
              name="code"
              label={t('secondStep.codeLabel')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              required
              fullWidth
              error={error === 'secondStep.errors.totpShape'}
            />
            <ActionButton type="submit" size="large" fullWidth loading={busy}>
              {t('secondStep.verify')}
            </ActionButton>
          </>
        )}
        <div className="portal-mfa__alternatives">
          <button type="button" className="portal-mfa__link" onClick={onRestart}>
            {t('secondStep.restart')}
          </button>
        </div>
      </div>
    </form>
  );
}

function RecoveryCodeList({ codes, label }: { codes: string[]; label: string }) {
  return (
    <ul className="portal-mfa__codes" aria-label={label} data-testid="recovery-codes">
      {codes.map((code) => (
        <li key={code}>
          <code>{code}</code>
        </li>
      ))}
    </ul>
  );
}
