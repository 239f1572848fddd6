import type { ReplaceMeBody } from '@portal/contract/replace-me';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useToast } from '../../../lib/toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useUndoable } from '../../../lib/use-undoable';
import { useRequestReplaceMe } from '../api/request-replace-me';
import { useAvailabilityTranslation } from '../use-availability-translation';

const ASK = 'ask';

/**
 * Sends a replace-me request and says how it went. Spec §8: a failure shows the server's message when there is
 * one, else the generic failed-request text. One Idempotency-Key per day asked for, kept when no answer arrived,
 * so trying again cannot ask twice. `ask` waits a few seconds for Undo first (`queued` while it does; leaving the
 * screen sends it at once); `request` sends straight away.
 */
export function useReplaceMeAction() {
  const { t } = useAvailabilityTranslation();
  const { t: te } = useTranslation('errors');
  const toast = useToast();
  const mutation = useRequestReplaceMe();
  const { mutateAsync } = mutation;
  const keys = useIdempotencyKey();
  const undoable = useUndoable<typeof ASK>();
  const [queued, setQueued] = useState<{ body: ReplaceMeBody; dayLabel: string } | undefined>(undefined);

  const request = useCallback(
    async (body: ReplaceMeBody, dayLabel: string): Promise<boolean> => {
      try {
        await keys.run(body, (idempotencyKey) => mutateAsync({ body, idempotencyKey }));
        toast.success(t('replaceMe.requested', { day: dayLabel }));
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.noResponse) toast.error(te('api.noServerResponse'));
        else toast.error((error instanceof ApiError && error.serverMessage) || te('api.generic'));
        return false;
      }
    },
    [keys, mutateAsync, t, te, toast],
  );

  const ask = useCallback(
    (body: ReplaceMeBody, dayLabel: string) => {
      setQueued({ body, dayLabel });
      undoable.schedule(ASK, () => {
        setQueued(undefined);
        void request(body, dayLabel);
      });
    },
    [request, undoable],
  );

  const undo = useCallback(() => {
    if (undoable.undo(ASK)) setQueued(undefined);
  }, [undoable]);

  return {
    request,
    ask,
    undo,
    queued: queued && undoable.queued.has(ASK) ? queued : undefined,
    pending: mutation.isPending,
    variables: queued?.body ?? mutation.variables?.body,
  };
}
