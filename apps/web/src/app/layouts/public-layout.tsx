import type { ProfileResponse } from '@portal/contract/profile';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { TextLink } from '../../components/text-link';
import { paths } from '../../lib/paths';
import { useCachedProfile } from '../../lib/profile-query';
import { useImpersonation, useSession } from '../../lib/use-session';
import { now } from '../../lib/clock';
import { lazyOr } from '../../lib/lazy-or';
import { Themed } from '../themed';
import './public-layout.css';

/**
 * Only staff acting as a contact see the banner, so it is not part of the first page; a chunk that cannot load
 * (offline) leaves the page without it rather than failing the page.
 */
const ImpersonationBanner = lazyOr<{ profile: ProfileResponse | undefined }>(
  async () => (await import('../components/impersonation-banner')).ImpersonationBanner,
  () => null,
);

/**
 * Pages seen without a session (sign-in, password reset, error pages): a centred column on a brand backdrop. Drawn
 * with CSS (public-layout.css): the sign-in page loads no MUI; the pages that use MUI bring its theme themselves.
 */
export function PublicLayout() {
  const plain = useMatches().some((match) => match.handle === PLAIN_PAGE);
  return (
    <PublicLayoutFrame>
      {plain ? (
        <Outlet />
      ) : (
        <Themed>
          <Outlet />
        </Themed>
      )}
    </PublicLayoutFrame>
  );
}

/** The `handle` of a public route whose page draws without MUI (sign-in): PublicLayout gives it no theme. */
export const PLAIN_PAGE = Object.freeze({ plainPage: true });

/** The same frame around explicit children, for the route error boundary (which has no outlet). */
export function PublicLayoutFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const impersonation = useImpersonation();
  const signedIn = useSession() !== null;
  const profile = useCachedProfile();
  return (
    <div className="portal-public">
      {/* Staff acting as a contact can stop from every page, error pages included. */}
      {signedIn && impersonation?.status === 'active' && (
        <Themed fallback={null}>
          <Suspense fallback={null}>
            <ImpersonationBanner profile={profile} />
          </Suspense>
        </Themed>
      )}
      <main className="portal-public__main">
        <div className="portal-public__content">{children}</div>
      </main>
      <footer className="portal-public__footer">
        <p className="portal-public__copyright">{t('footer.copyright', { year: now().getFullYear(), companyName: t('companyName') })}</p>
        {/* Signed out, /help would send the visitor to the landing page: the public Help page answers instead. */}
        <TextLink to={signedIn ? paths.help : paths.publicHelp}>{t('footer.help')}</TextLink>
      </footer>
    </div>
  );
}
