import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo';
import { useInShell } from './in-shell';
import './centered-card.css';

/**
 * The card of public pages (sign-in, password reset, error pages): brand on top, content below. MUI's Card as the
 * theme draws it (centered-card.css), since the sign-in page loads no MUI. Inside the signed-in shell (a refusal
 * shown there) the app bar already carries the brand, so the card does not repeat it.
 */
export function CenteredCard({ children, maxWidth = 440 }: { children: ReactNode; maxWidth?: number }) {
  const inShell = useInShell();
  return (
    <div className="portal-card" style={{ maxWidth }}>
      {!inShell && (
        <div className="portal-card__brand">
          <BrandLogo size={48} stacked />
        </div>
      )}
      {children}
    </div>
  );
}
