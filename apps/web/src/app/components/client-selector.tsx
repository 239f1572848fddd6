import { allClients } from '@portal/contract/permissions';
import type { ProfileResponse } from '@portal/contract/profile';
import type { SxProps, Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { MultiSelect } from '../../components/multi-select';
import { useSelectClients, useSelectedClientIds } from '../../lib/use-selected-clients';

/**
 * Spec §2 and §4: the clients the user works with. Choosing stores them and clears the client-scoped caches;
 * the route guard (revalidated here) keeps at least one, falling back to the first permitted client.
 */
export function ClientSelector({ profile, sx }: { profile: ProfileResponse; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const selected = useSelectedClientIds();
  const select = useSelectClients();
  const revalidator = useRevalidator();
  const options = useMemo(
    () => allClients(profile.links).map((client) => ({ value: client.clientId, label: client.clientName })),
    [profile.links],
  );
  if (options.length < 2) return null;
  return (
    <MultiSelect
      label={t('shell.clients')}
      options={options}
      value={selected.filter((id) => options.some((option) => option.value === id))}
      minSelected={1}
      onChange={(ids) => {
        select(ids);
        void revalidator.revalidate();
      }}
      sx={sx}
    />
  );
}
