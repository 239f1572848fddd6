import type { CandidateDetailsResponse, CandidateListItem } from '@portal/contract/candidates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSelectedClientIds } from '../../lib/selected-clients';
import { resetSessionForTests, startSession } from '../../lib/session';
import { jsonResponse, renderWithProviders } from '../../testing/render';
import { CandidatesPage } from './candidates-page';

const location = (locationId: number, locationName: string, permissions = ['booking_all', 'timesheets_all']) => ({
  locationId,
  locationName,
  timeZone: 'Australia/Sydney',
  tags: [],
  access: { permissions },
});

const PROFILE = {
  contact: {
    id: 1,
    firstName: 'Pat',
    lastName: 'Lee',
    emailAddress: 'pat@example.test',
    language: 'en',
    isClientGroupOverviewEnabled: false,
    standardBookings: [],
    lastUpdated: '2026-11-01T00:00:00Z',
  },
  links: {
    groups: [],
    clients: [
      {
        clientId: 3,
        clientName: 'Harbourside Primary School',
        access: { permissions: ['booking_all', 'timesheets_all'] },
        locations: [location(7, 'Harbourside Primary School')],
      },
      {
        clientId: 4,
        clientName: 'Kōwhai Bay School',
        access: { permissions: ['booking_view'] },
        locations: [location(9, 'Kōwhai Bay School', ['booking_view'])],
      },
    ],
  },
  flags: {},
  features: { selfServiceShowBookingStatus: true, showBookingCardV2: true, enableExtendBooking: true },
  generalFiles: [],
  impersonation: null,
};

function educator(candidateId: number, overrides: Partial<CandidateListItem> = {}): CandidateListItem {
  return {
    candidateId,
    firstName: 'Mia',
    lastName: `Chen${candidateId}`,
    preferredName: null,
    fullName: `Mia Chen${candidateId}`,
    headline: 'Primary Teacher',
    lastDateLocal: '2026-11-02',
    nextDateLocal: null,
    bookingsCount: 3,
    isFavourite: false,
    isExcluded: false,
    ...overrides,
  };
}

const DETAILS: CandidateDetailsResponse = {
  ...educator(11),
  summary: 'Loves reading groups.',
  qualifications: [{ name: 'Bachelor of Education (Primary)', issuer: 'University of Sydney', year: 2015 }],
  complianceChecks: [
    { name: 'Working with Children Check', reference: 'WWC123', expiresOn: '2026-01-10', status: 'expired' },
    { name: 'First Aid', reference: null, expiresOn: '2027-06-01', status: 'valid' },
  ],
  clients: [
    {
      clientId: 3,
      clientName: 'Harbourside Primary School',
      isFavourite: false,
      canSetFavourite: true,
      isExcluded: false,
      exclusionReason: null,
      bookingsCount: 3,
    },
  ],
  pastBookings: [
    {
      bookingId: 501,
      clientId: 3,
      clientName: 'Harbourside Primary School',
      locationId: 7,
      locationName: 'Harbourside Primary School',
      dateLocal: '2026-11-02',
      startTime: '08:30',
      endTime: '15:30',
      status: 'completed',
      classification: 'Teacher',
    },
  ],
  upcomingBookings: [],
  pastBookingsCount: 1,
  upcomingBookingsCount: 0,
};

type Handler = (url: URL, init: RequestInit) => Response | undefined;

function stubApi(extra: Handler = () => undefined) {
  const favourites = new Set([11]);
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = extra(url, init);
    if (answer) {
      const favourite = /^\/v1\/candidate\/(\d+)\/favourite$/.exec(url.pathname);
      if (favourite && answer.ok) {
        if (init.method === 'PUT') favourites.add(Number(favourite[1]));
        else favourites.delete(Number(favourite[1]));
      }
      return answer;
    }
    if (url.pathname === '/v1/profile') return jsonResponse(200, PROFILE);
    if (url.pathname === '/v1/candidate/CandidateList') {
      const clientId = Number(url.searchParams.get('ClientId'));
      return jsonResponse(
        200,
        clientId === 3
          ? [
              educator(11, { isFavourite: favourites.has(11) }),
              educator(12, { firstName: 'Aroha', fullName: 'Aroha Chen12', isFavourite: favourites.has(12) }),
            ]
          : [educator(13, { nextDateLocal: '2026-12-01' })],
      );
    }
    if (url.pathname.startsWith('/v1/candidate/profile-image/'))
      return jsonResponse(200, { base64ProfileImg: btoa('<svg xmlns="http://www.w3.org/2000/svg"/>'), contentType: 'image/svg+xml' });
    if (url.pathname === '/v1/candidate/11/details') return jsonResponse(200, DETAILS);
    return jsonResponse(404, { title: 'Not Found', status: 404 });
  });
}

describe('Educators page', { timeout: 40_000 }, () => {
  beforeEach(() => {
    resetSessionForTests();
    localStorage.clear();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
    setSelectedClientIds([3, 4]);
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists the educators of every selected school with their pictures, favourites first, and searches them', async () => {
    const user = userEvent.setup();
    stubApi();
    renderWithProviders(<CandidatesPage />, { route: '/candidates' });
    await waitFor(() => expect(screen.getAllByTestId('candidate-row')).toHaveLength(3), { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Educators' })).toBeInTheDocument();
    expect(screen.getByTestId('candidates-total')).toHaveTextContent('3 educators');
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Picture of / })).toHaveLength(3));
    const first = screen.getAllByTestId('candidate-row')[0]!;
    expect(within(first).getByRole('link', { name: 'Mia Chen11' })).toHaveAttribute('href', '/candidates?educator=11');
    expect(within(first).getByRole('button', { name: 'Mark Mia Chen11 as a favourite at Harbourside Primary School' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Booking view alone at Kōwhai Bay: the star shows, but cannot be changed.
    const kowhai = screen.getAllByTestId('candidate-row').find((row) => row.dataset.candidateId === '13')!;
    expect(within(kowhai).queryByRole('button', { name: /favourite/ })).toBeNull();

    await user.type(screen.getByLabelText('Search educators'), 'aroha');
    await waitFor(() => expect(screen.getAllByTestId('candidate-row')).toHaveLength(1));
    expect(screen.getByTestId('candidates-total')).toHaveTextContent('1 educator');
  });

  it('marks a favourite with PUT and the school', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    stubApi((url, init) => {
      if (url.pathname === '/v1/candidate/12/favourite') {
        calls.push(`${init.method} ${url.search}`);
        return jsonResponse(200, { candidateId: 12, clientId: 3, isFavourite: true });
      }
      return undefined;
    });
    renderWithProviders(<CandidatesPage />, { route: '/candidates' });
    const star = await screen.findByRole(
      'button',
      { name: 'Mark Aroha Chen12 as a favourite at Harbourside Primary School' },
      { timeout: 5000 },
    );
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    await waitFor(() => expect(calls).toEqual(['PUT ?clientId=3']));
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByText('Aroha Chen12 is now a favourite at Harbourside Primary School.')).toBeInTheDocument();
  });

  it("says 'Cannot load candidate list' and goes home when refused", async () => {
    stubApi((url) => (url.pathname === '/v1/candidate/CandidateList' ? jsonResponse(403, { title: 'Forbidden', status: 403 }) : undefined));
    const { router } = renderWithProviders(<CandidatesPage />, { route: '/candidates' });
    expect(await screen.findByText('Cannot load candidate list')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('opens an educator: profile, expired compliance flagged, bookings and a link to their timesheets', async () => {
    stubApi();
    renderWithProviders(<CandidatesPage />, { route: '/candidates?educator=11' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mia Chen11' })).toBeInTheDocument();
    expect(screen.getByText('Loves reading groups.')).toBeInTheDocument();
    expect(screen.getByTestId('compliance-expired-alert')).toHaveTextContent('1 compliance check has expired.');
    const expired = screen.getAllByTestId('compliance-row').find((row) => row.dataset.status === 'expired')!;
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See their timesheets' })).toHaveAttribute('href', '/timesheets?educator=11');
    expect(screen.getByRole('tab', { name: 'Past (1)', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^View the booking of / })).toHaveAttribute('href', '/bookings/501');
    expect(screen.getByRole('link', { name: 'All educators' })).toHaveAttribute('href', '/candidates');
  });

  it("says 'Candidate data failed to load' when the details fail", async () => {
    stubApi((url) => (url.pathname === '/v1/candidate/11/details' ? jsonResponse(500, { title: 'Oops', status: 500 }) : undefined));
    renderWithProviders(<CandidatesPage />, { route: '/candidates?educator=11' });
    expect((await screen.findAllByText('Candidate data failed to load')).length).toBeGreaterThan(0);
  });
});
