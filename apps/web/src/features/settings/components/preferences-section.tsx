import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isDebugEnabled, registerDebugActivation, useDebugMode } from '../../../lib/debug-mode';
import { SUPPORTED_LOCALES, type SupportedLocale } from '../../../lib/i18n';
import { formatDate, formatMoney, localeFormat, weekdayNames } from '../../../lib/locale-format';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useToast } from '../../../lib/toast';
import { useUpdateLanguage } from '../api/update-language';
import { localNow } from '../../../lib/local-clock';

/** A sample amount that shows the currency's symbol, grouping and decimals. */
export const SAMPLE_AMOUNT = 1234.5;

function Fact({ term, value, testId }: { term: string; value: string; testId: string }) {
  return (
    <div>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {term}
      </Typography>
      <Typography component="dd" data-testid={testId} sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </div>
  );
}

const sectionSx = { p: { xs: 2.5, sm: 3 }, borderRadius: '16px' } as const;

/** The language (kept in the profile) and dark mode. */
function LanguageAndTheme({ darkMode, onDarkModeChange }: { darkMode: boolean; onDarkModeChange: (dark: boolean) => void }) {
  const { t, i18n } = useTranslation('pages');
  const toast = useToast();
  const locale = i18n.language;
  const updateLanguage = useUpdateLanguage();

  /** Shown at once; kept in the profile, so it is the language of every later sign-in too. */
  async function chooseLanguage(next: SupportedLocale) {
    const previous = i18n.language;
    if (next === previous) return;
    await i18n.changeLanguage(next);
    try {
      await updateLanguage.mutateAsync({ language: next });
    } catch {
      await i18n.changeLanguage(previous);
      toast.error(t('api.generic', { ns: 'errors' }));
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="settings-preferences" sx={sectionSx}>
      <Typography variant="h2" id="settings-preferences" sx={{ fontSize: '1.125rem', mb: 2 }}>
        {t('settings.preferencesHeading')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          select
          label={t('settings.language')}
          value={SUPPORTED_LOCALES.includes(locale as SupportedLocale) ? locale : 'en'}
          onChange={(event) => void chooseLanguage(event.target.value as SupportedLocale)}
          disabled={updateLanguage.isPending}
          sx={{ maxWidth: 360 }}
        >
          {SUPPORTED_LOCALES.map((code) => (
            <MenuItem key={code} value={code}>
              {t(`settings.languages.${code}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, maxWidth: 480 }}>
          <div>
            <Typography id="dark-mode-label" sx={{ fontWeight: 500 }}>
              {t('settings.darkMode')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('settings.darkModeHint')}
            </Typography>
          </div>
          <Switch
            checked={darkMode}
            onChange={(event) => onDarkModeChange(event.target.checked)}
            slotProps={{ input: { 'aria-labelledby': 'dark-mode-label' } }}
          />
        </Box>
      </Stack>
    </Paper>
  );
}

/** The locale's formats (spec §1): tax label, dates, currency, first day of the week. */
function RegionalFormats() {
  const { t, i18n } = useTranslation('pages');
  const locale = i18n.language;
  const format = localeFormat(locale);
  const today = localNow();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="settings-regional" sx={sectionSx}>
      <Typography variant="h2" id="settings-regional" sx={{ fontSize: '1.125rem', mb: 2 }}>
        {t('settings.regionalHeading')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
        <Fact term={t('settings.taxLabel')} value={format.taxLabel} testId="tax-label" />
        {/* In words and as an example: the pattern (D/MM/YYYY) is a developer's notation, not a school's. */}
        <Fact
          term={t('settings.dateFormat')}
          value={t(format.dateFormat.startsWith('M') ? 'settings.monthFirst' : 'settings.dayFirst', {
            example: formatDate(today, locale),
          })}
          testId="date-format"
        />
        <Fact term={t('settings.currency')} value={`${format.currency} (${formatMoney(SAMPLE_AMOUNT, locale)})`} testId="currency" />
        <Fact term={t('settings.weekStart')} value={weekdayNames(locale)[0]!} testId="week-start" />
      </Box>
    </Paper>
  );
}

/** The mobile apps of the locale's stores, when there are any. */
function AppLinks() {
  const { t, i18n } = useTranslation('pages');
  const config = getRuntimeConfig();
  const appLinks = config.appStoreLinks[i18n.language as keyof typeof config.appStoreLinks];
  if (!appLinks || !(appLinks.ios || appLinks.android)) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="settings-app" sx={sectionSx}>
      <Typography variant="h2" id="settings-app" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
        {t('settings.appStoreHeading')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {appLinks.ios && (
          <Link href={appLinks.ios} target="_blank" rel="noopener noreferrer">
            {t('shell.appStoreIos', { ns: 'common' })}
          </Link>
        )}
        {appLinks.android && (
          <Link href={appLinks.android} target="_blank" rel="noopener noreferrer">
            {t('shell.appStoreAndroid', { ns: 'common' })}
          </Link>
        )}
      </Stack>
    </Paper>
  );
}

/** The app's version; pressed several times, it turns debug mode on (spec §2). */
function AppVersion() {
  const { t } = useTranslation('pages');
  const toast = useToast();
  const debug = useDebugMode();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'text.secondary' }}>
      <Box
        component="button"
        type="button"
        onClick={() => {
          if (registerDebugActivation()) toast.info(t('settings.debugOn'));
        }}
        sx={{
          all: 'unset',
          cursor: 'default',
          fontSize: '0.875rem',
          color: 'text.secondary',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {`${t('settings.appVersion')} ${getRuntimeConfig().appVersion}`}
      </Box>
      {debug && isDebugEnabled() && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          · {t('settings.debugOn')}
        </Typography>
      )}
    </Box>
  );
}

/** Language, dark mode, the locale's formats (spec §1), the mobile app links and the app version (debug, spec §2). */
export function PreferencesSection({ darkMode, onDarkModeChange }: { darkMode: boolean; onDarkModeChange: (dark: boolean) => void }) {
  return (
    <>
      <LanguageAndTheme darkMode={darkMode} onDarkModeChange={onDarkModeChange} />
      <RegionalFormats />
      <AppLinks />
      <AppVersion />
    </>
  );
}
