import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { hasPermission, type PermissionTree } from '@portal/contract/permissions';
import type { CandidateDetailsResponse } from '@portal/contract/candidates';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { createBookingPath } from '../../../lib/paths';
import { useProfile } from '../../../lib/profile';
import { useCandidatesText } from '../use-candidates-text';

/** May the contact book (or ask for a booking) somewhere at this school? The server refuses the rest anyway. */
function mayBookAt(tree: PermissionTree, clientId: number): boolean {
  return (['booking', 'pendingBooking'] as const).some((scope) =>
    hasPermission(tree, { scope, action: 'create', level: 'client_and_below' }, { clientId }),
  );
}

/**
 * 'Book this educator': the create form with the educator asked for, the school chosen and the next school day
 * suggested. Offered for the schools that know the educator, have not excluded them and where the contact may book;
 * with several, a menu of them.
 */
export function BookEducatorButton({ candidateId, data }: { candidateId: number; data: CandidateDetailsResponse }) {
  const { t } = useCandidatesText();
  const tree = useProfile().data?.links;
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const schools = tree ? data.clients.filter((client) => !client.isExcluded && mayBookAt(tree, client.clientId)) : [];
  if (schools.length === 0) return null;
  const icon = <EventAvailableOutlinedIcon />;
  if (schools.length === 1)
    return (
      <Button
        component={RouterLink}
        to={createBookingPath({ clientId: schools[0]!.clientId, candidateId, nextSchoolDay: true })}
        variant="contained"
        startIcon={icon}
      >
        {t('detail.book')}
      </Button>
    );
  return (
    <>
      <Button
        variant="contained"
        startIcon={icon}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('detail.book')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {schools.map((school) => (
          <MenuItem
            key={school.clientId}
            component={RouterLink}
            to={createBookingPath({ clientId: school.clientId, candidateId, nextSchoolDay: true })}
            onClick={() => setAnchor(null)}
          >
            {t('detail.bookAt', { school: school.clientName })}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
