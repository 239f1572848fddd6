import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ProviderContact } from '../../components/provider-contact';
import { useProfile } from '../../lib/profile';
import { useToast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { useDownloadGeneralFile } from './api/download-general-file';

function fileSize(bytes: number, locale: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toLocaleString(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

/** Help (spec §2): the profile's general files, downloaded through an access key (spec §7). */
export function HelpPage() {
  const { t, i18n } = useTranslation('pages');
  usePageTitle(t('help.title'));
  const files = useProfile().data?.generalFiles ?? [];
  const download = useDownloadGeneralFile();
  const toast = useToast();

  return (
    <Stack spacing={3} sx={{ maxWidth: 840 }}>
      <div>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('help.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('help.description')}</Typography>
      </div>
      <Paper variant="outlined" component="section" aria-labelledby="help-files" sx={{ borderRadius: '16px', overflow: 'hidden' }}>
        <Typography variant="h2" id="help-files" sx={{ fontSize: '1.125rem', px: { xs: 2.5, sm: 3 }, pt: { xs: 2.5, sm: 3 }, pb: 1 }}>
          {t('help.filesHeading')}
        </Typography>
        {files.length === 0 ? (
          <Typography sx={{ px: { xs: 2.5, sm: 3 }, pb: 3, color: 'text.secondary' }}>{t('help.noFiles')}</Typography>
        ) : (
          <List>
            {files.map((file) => (
              <ListItem
                key={file.id}
                sx={{ px: { xs: 2.5, sm: 3 } }}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('help.download', { name: file.name })}
                    disabled={download.isPending && download.variables.id === file.id}
                    onClick={() =>
                      download.mutate({ id: file.id, name: file.name }, { onError: () => toast.error(t('help.downloadFailed')) })
                    }
                  >
                    <DownloadOutlinedIcon />
                  </IconButton>
                }
              >
                <ListItemIcon sx={{ minWidth: 40, color: 'primary.dark' }}>
                  <DescriptionOutlinedIcon />
                </ListItemIcon>
                <ListItemText primary={file.name} secondary={fileSize(file.sizeBytes, i18n.language)} />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      <HelpContactSection region={i18n.language} />
    </Stack>
  );
}

/** How to reach the provider's office of the user's region (runtime providerContacts); also on the signed-out Help page. */
export function HelpContactSection({ region }: { region: string }) {
  const { t } = useTranslation('pages');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="help-contact" sx={{ borderRadius: '16px', p: { xs: 2.5, sm: 3 } }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <SupportAgentOutlinedIcon aria-hidden="true" sx={{ color: 'primary.dark', fontSize: 32 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h2" id="help-contact" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
            {t('help.contactHeading')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('help.contactBody')}</Typography>
          <ProviderContact region={region} />
        </Box>
      </Box>
    </Paper>
  );
}
