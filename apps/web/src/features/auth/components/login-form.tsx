import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../components/action-button';
import { ErrorAlert } from '../../../components/error-alert';
import { PasswordToggle } from '../../../components/password-toggle';
import { TextInput } from '../../../components/text-input';
import { TextLink } from '../../../components/text-link';
import { paths } from '../../../lib/paths';
import type { TokenResponse } from '@portal/contract/auth';
import type { LoginResponse } from '@portal/contract/second-step';
import { startSession } from '../../../lib/session';
import { warmIntl } from '../../../lib/warm-intl';
import { describeSignInError, signIn } from '../api/sign-in';
import { SsoOffer } from './sso-offer';
import './login-form.css';

/*
 * The sign-in form is the first page, so it is validated without zod and react-hook-form (about 25 kB gzip
 * together): two fields, the same rules and texts as the other forms (zod's e-mail pattern, messages as keys of
 * the validation texts), checked on submit and, after a first submit, on every change.
 */
type ValidationKey = 'required' | 'email';
interface LoginFormValues {
  email: string;
  password: string;
}
type LoginFormErrors = Partial<Record<keyof LoginFormValues, ValidationKey>>;

/** zod 4's default e-mail pattern (`z.email()`), which the other forms and the server use. */
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function validateLoginForm(values: LoginFormValues): LoginFormErrors {
  const errors: LoginFormErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'required';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'email';
  if (!values.password) errors.password = 'required';
  return errors;
}

/** `onSignedIn` may take its time (it loads the profile to choose the next page); the button spins meanwhile. */
export function LoginForm({
  onSignedIn,
  onSecondStep,
}: {
  onSignedIn: (result: TokenResponse) => void | Promise<void>;
  /** The right password of a contact with a second step (or one to set up): no session yet. */
  onSecondStep?: (step: Exclude<LoginResponse, TokenResponse>) => void | Promise<void>;
}) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const [showPassword, setShowPassword] = useState(false);
  // Plain state rather than useMutation: the sign-in page runs without TanStack Query (lib/app-query-client.ts).
  const [signInError, setSignInError] = useState<{ error: unknown } | null>(null);
  const [values, setValues] = useState<LoginFormValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The page is for typing an e-mail address: the cursor starts there, unless the user is already elsewhere.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) emailRef.current?.focus();
  }, []);

  const change = (field: keyof LoginFormValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validateLoginForm(next));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const found = validateLoginForm(values);
    setErrors(found);
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    // The next page formats numbers and dates: their locale data loads while the request is on the network.
    warmIntl();
    try {
      let result: LoginResponse;
      setSignInError(null);
      try {
        result = await signIn({ email: values.email.trim(), password: values.password });
      } catch (error) {
        setSignInError({ error });
        return;
      }
      if (!('accessToken' in result)) {
        await onSecondStep?.(result);
        return;
      }
      startSession(result);
      await onSignedIn(result);
    } finally {
      setSubmitting(false);
    }
  }
  const fieldError = (message: ValidationKey | undefined) => (message ? t(message, { ns: 'validation' }) : undefined);

  let failure: string | undefined;
  if (signInError) {
    const described = describeSignInError(signInError.error);
    failure = 'text' in described ? described.text : 'ns' in described ? t(described.key, { ns: 'errors' }) : t(described.key);
  }

  return (
    <form noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}>
      <div className="portal-sign-in__fields">
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <TextInput
          ref={emailRef}
          name="email"
          value={values.email}
          onChange={change('email')}
          id="login-email"
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          required
          fullWidth
          error={Boolean(errors.email)}
          helperText={fieldError(errors.email)}
        />
        <SsoOffer email={values.email} />
        <div>
          <TextInput
            ref={passwordRef}
            name="password"
            value={values.password}
            onChange={change('password')}
            id="login-password"
            label={t('signIn.password')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            fullWidth
            error={Boolean(errors.password)}
            helperText={fieldError(errors.password)}
            endAdornment={
              <PasswordToggle
                shown={showPassword}
                onToggle={() => setShowPassword((shown) => !shown)}
                label={showPassword ? t('signIn.hidePassword') : t('signIn.showPassword')}
              />
            }
          />
          <div className="portal-sign-in__forgot">
            <TextLink to={paths.forgotPassword} className="portal-text-link--strong">
              {t('signIn.forgotPassword')}
            </TextLink>
          </div>
        </div>
        <ActionButton type="submit" size="large" fullWidth loading={isSubmitting}>
          {t('signIn.submit')}
        </ActionButton>
      </div>
    </form>
  );
}
