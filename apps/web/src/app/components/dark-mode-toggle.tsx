import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useDarkMode } from '../../lib/use-dark-mode';

export function DarkModeToggle() {
  const { t } = useTranslation();
  const [dark, setDark] = useDarkMode();
  const label = dark ? t('shell.lightMode') : t('shell.darkMode');
  return (
    <Tooltip title={label}>
      <IconButton aria-label={t('shell.darkMode')} aria-pressed={dark} onClick={() => setDark(!dark)} color="inherit">
        {dark ? <LightModeOutlinedIcon /> : <DarkModeOutlinedIcon />}
      </IconButton>
    </Tooltip>
  );
}
