import { ErrorScreen, type ErrorType } from '../../components/error-screen';
import { getSession } from '../../lib/session';

function errorPage(type: ErrorType) {
  function Page() {
    return <ErrorScreen type={type} signedIn={getSession() !== null} />;
  }
  Page.displayName = `ErrorPage(${type})`;
  return Page;
}

/** The error routes of spec §2 and §8. */
export const NotFoundPage = errorPage('pageNotFoundError');
export const InternalErrorPage = errorPage('internalServerError');
export const UnauthorizedPage = errorPage('unAuthorizedError');
export const ForbiddenPage = errorPage('forbiddenError');
export const AccountLoadFailedPage = errorPage('accountLoadError');
export const NoServerResponsePage = errorPage('noServerResponseError');
export const ActionLockedPage = errorPage('accountLockedError');
