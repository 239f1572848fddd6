import type { FastifyInstance } from 'fastify';
import {
  BookingContactsResponse,
  BookingLocationListResponse,
  CertificationsResponse,
  ClassificationsResponse,
  type BookingLocation,
  type Classification,
} from '@portal/contract/booking-reference';
import type { CreateBookingBody } from '@portal/contract/bookings';
import type { SignedIn } from './auth-client';

export interface BookingRequestSetup {
  location: BookingLocation;
  classifications: Classification[];
  /** A classification without a minimum duration or an earliest end. */
  plain: Classification;
  contacts: ReturnType<typeof BookingContactsResponse.parse>;
  body: CreateBookingBody;
}

/**
 * A valid booking request, read through HTTP as the web's form reads it, at the caller's first bookable school in
 * `zone` that `pick` accepts: the plain classification, the location's default certifications, the school day's times
 * on 2026-03-18 and one e-mail confirmation to its first contact with an address.
 */
export async function bookingRequestAt(
  app: FastifyInstance,
  as: SignedIn,
  zone: string,
  pick: (location: BookingLocation) => boolean = () => true,
): Promise<BookingRequestSetup> {
  const get = async (url: string) => (await app.inject({ method: 'GET', url, headers: as.headers })).json();
  const locations = BookingLocationListResponse.parse(await get('/v1/locations/booking-location-list'));
  const location = locations.find((l) => l.timeZone === zone && l.locationType === 'school' && pick(l));
  if (!location) throw new Error(`no bookable school in ${zone}`);
  const classifications = ClassificationsResponse.parse(await get(`/v1/clients/${location.clientId}/pay-classes`));
  const plain = classifications.find(
    (c) => c.extraValidation.minimumDurationInMins === null && c.extraValidation.earliestEndTime24hr === null,
  )!;
  const certifications = CertificationsResponse.parse(await get(`/v1/locations/${location.locationId}/certifications`));
  const contacts = BookingContactsResponse.parse(await get(`/v1/contacts/booking-contacts?locationId=${location.locationId}`));
  const contact = contacts.find((c) => c.methods.email)!;
  return {
    location,
    classifications,
    plain,
    contacts,
    body: {
      locationId: location.locationId,
      classificationId: plain.id,
      certificationIds: certifications.filter((c) => c.isLocationDefault).map((c) => c.id),
      dates: ['2026-03-18'],
      startTime: location.startTime,
      endTime: location.endTime,
      confirmations: [{ bookingContactId: contact.id, email: true }],
      policiesAgreed: true,
    },
  };
}
