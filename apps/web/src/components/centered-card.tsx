import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo';
import './centered-card.css';

/**
 * The card of public pages (sign-in, password reset, error pages): brand on top, content below. MUI's Card as the
 * theme draws it (centered-card.css), since the sign-in page loads no MUI.
 */
export function CenteredCard({ children, maxWidth = 440 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <div className="portal-card" style={{ maxWidth }}>
      <div className="portal-card__brand">
        <BrandLogo size={48} stacked />
      </div>
      {children}
    </div>
  );
}
