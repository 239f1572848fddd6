import { useTranslation } from 'react-i18next';
import './brand-logo.css';

/** The logo mark alone; decorative, since the product name is always written next to it. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg className="portal-brand__mark" viewBox="0 0 40 40" aria-hidden="true" focusable="false" width={size} height={size}>
      <rect width="40" height="40" rx="11" fill="#00acef" />
      <path d="M27.2 13.4a9.6 9.6 0 1 0 0 13.2" fill="none" stroke="#ffffff" strokeWidth="4.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Logo mark with the product name of the current locale (brand-logo.css: it is on the sign-in page, which loads no
 * MUI). `stacked`: the name under the mark. `compact` (the app bar): the name stays on one line (ellipsis rather
 * than a second line on a narrow phone) and the company name shows from sm up.
 */
export function BrandLogo({ size = 40, stacked = false, compact = false }: { size?: number; stacked?: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  const modifiers = `${stacked ? ' portal-brand--stacked' : ''}${compact ? ' portal-brand--compact' : ''}${size >= 48 ? ' portal-brand--large' : ''}`;
  return (
    <div className={`portal-brand${modifiers}`}>
      <BrandMark size={size} />
      <div className="portal-brand__text">
        <span className="portal-brand__name">{t('appName')}</span>
        <span className="portal-brand__company">{t('companyName')}</span>
      </div>
    </div>
  );
}
