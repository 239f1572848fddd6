import { useTranslation } from 'react-i18next';
import './navigation-progress.css';

/**
 * The bar at the top while a navigation loads (MUI's indeterminate LinearProgress, drawn with CSS: it is above the
 * sign-in page too, which loads no MUI); its own chunk, since the first page never navigates.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  return (
    <div className="portal-navigation-progress" role="progressbar" aria-label={t('navigationProgress')}>
      <span />
      <span />
    </div>
  );
}
