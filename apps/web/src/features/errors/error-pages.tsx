import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorScreen, type ErrorType } from '../../components/error-screen';
import { ProviderContact } from '../../components/provider-contact';
import { ERROR_REASON_PARAM, ERROR_REASONS } from '../../lib/paths';
import { useCachedProfile } from '../../lib/profile-query';
import { useSession } from '../../lib/use-session';

function errorPage(type: ErrorType) {
  function Page() {
    // Spec §2: the sign-out button appears only for a signed-in user.
    const signedIn = useSession() !== null;
    return <ErrorScreen type={type} signedIn={signedIn} />;
  }
  Page.displayName = `ErrorPage(${type})`;
  return Page;
}

/** The error routes of spec §2 and §8. */
export const NotFoundPage = errorPage('pageNotFoundError');
const GenericErrorPage = errorPage('internalServerError');

/**
 * The generic error page (spec §2 and §8). When the route guard sent a signed-in contact here because no school
 * is linked to the account yet, it says so, and how to reach the provider's office of the contact's region.
 */
export function InternalErrorPage() {
  const { t } = useTranslation('errors');
  const signedIn = useSession() !== null;
  const profile = useCachedProfile();
  const [params] = useSearchParams();
  if (!signedIn || params.get(ERROR_REASON_PARAM) !== ERROR_REASONS.noClient) return <GenericErrorPage />;
  return (
    <ErrorScreen
      type="internalServerError"
      signedIn
      showCode={false}
      description={t('noClient.description')}
      subDescription={t('noClient.subDescription')}
      details={profile && <ProviderContact region={profile.contact.language} />}
    />
  );
}
export const UnauthorizedPage = errorPage('unAuthorizedError');
export const ForbiddenPage = errorPage('forbiddenError');
export const BadRequestPage = errorPage('badRequestError');
export const AccountLoadFailedPage = errorPage('accountLoadError');
export const NoServerResponsePage = errorPage('noServerResponseError');
export const ActionLockedPage = errorPage('accountLockedError');
export const LinkExpiredPage = errorPage('expiredError');
