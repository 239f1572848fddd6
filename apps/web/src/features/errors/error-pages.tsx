import { ErrorScreen, type ErrorType } from '../../components/error-screen';
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
export const InternalErrorPage = errorPage('internalServerError');
export const UnauthorizedPage = errorPage('unAuthorizedError');
export const ForbiddenPage = errorPage('forbiddenError');
export const BadRequestPage = errorPage('badRequestError');
export const AccountLoadFailedPage = errorPage('accountLoadError');
export const NoServerResponsePage = errorPage('noServerResponseError');
export const ActionLockedPage = errorPage('accountLockedError');
export const LinkExpiredPage = errorPage('expiredError');
