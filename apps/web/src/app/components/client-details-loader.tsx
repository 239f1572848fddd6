import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { clientDetailsQueryOptions } from '../../lib/client-details';
import { useToast } from '../../lib/toast';
import { useSelectedClientIds } from '../../lib/use-selected-clients';

/**
 * Spec §2 and §4: the first selected client's additional details are loaded (when not cached) as soon as it is
 * selected; the route guard starts the same load before the page renders. A failure is told with the spec's
 * toast, 'Cannot load client details'. Renders nothing; mounted inside the signed-in shell's toasts.
 */
export function ClientDetailsLoader() {
  const { t } = useTranslation();
  const toast = useToast();
  const clientId = useSelectedClientIds()[0];
  const { isError } = useQuery({ ...clientDetailsQueryOptions(clientId ?? 0), enabled: clientId !== undefined });
  useEffect(() => {
    if (isError) toast.error(t('clientDetails.loadFailed'));
  }, [isError, clientId, toast, t]);
  return null;
}
