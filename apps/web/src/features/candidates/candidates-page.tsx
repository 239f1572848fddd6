import { allClients, hasPermission, type PermissionTree } from '@portal/contract/permissions';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useProfile } from '../../lib/profile';
import { usePageTitle } from '../../lib/use-page-title';
import { useSelectedClientIds } from '../../lib/use-selected-clients';
import { CandidateDetail } from './components/candidate-detail';
import { CandidatesList } from './components/candidates-list';
import { useCandidatesText } from './use-candidates-text';

export interface CandidateClientAccess {
  clientId: number;
  clientName: string;
  canFavourite: boolean;
}

/** Spec §6 'candidates': booking, timesheets or accounts view at the client (or one of its locations). */
function canSeeEducators(tree: PermissionTree, clientId: number): boolean {
  return (['booking', 'timesheets', 'accounts'] as const).some((scope) =>
    hasPermission(tree, { scope, action: 'view', level: 'client_and_below' }, { clientId }),
  );
}

function canFavourite(tree: PermissionTree, clientId: number): boolean {
  return (['create', 'modify'] as const).some((action) =>
    hasPermission(tree, { scope: 'booking', action, level: 'client_and_below' }, { clientId }),
  );
}

/** `?educator=<id>` opens that educator; without it, the list. */
function educatorOf(params: URLSearchParams): number | undefined {
  const raw = Number(params.get('educator'));
  return Number.isInteger(raw) && raw > 0 ? raw : undefined;
}

/**
 * Educators (spec §2 'candidates', title Educators): the educators known at the selected schools with
 * their pictures, search, sort and favourite stars, and one educator's profile, compliance and bookings.
 */
export function CandidatesPage() {
  const { t } = useCandidatesText();
  usePageTitle(t('title'));
  const tree = useProfile().data?.links;
  const selected = useSelectedClientIds();
  const [params] = useSearchParams();
  const educatorId = educatorOf(params);

  const clients = useMemo<CandidateClientAccess[]>(
    () =>
      tree
        ? allClients(tree)
            .filter((c) => selected.includes(c.clientId) && canSeeEducators(tree, c.clientId))
            .map((c) => ({ clientId: c.clientId, clientName: c.clientName, canFavourite: canFavourite(tree, c.clientId) }))
        : [],
    [tree, selected],
  );
  const timesheetsAllowed = tree
    ? hasPermission(tree, { scope: 'timesheets', action: 'view', level: 'selected_client_and_below' }, { selectedClientIds: selected })
    : false;

  if (!tree) return null;
  return educatorId === undefined ? (
    <CandidatesList key={selected.join(',')} clients={clients} />
  ) : (
    <CandidateDetail key={educatorId} candidateId={educatorId} timesheetsAllowed={timesheetsAllowed} />
  );
}
