import type { BookingContact } from '@portal/contract/booking-reference';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testRuntimeConfig } from '../../../testing/render';
import { ConfirmationsField } from './confirmations-field';

const CONTACT: BookingContact = {
  id: 21,
  name: 'Pat Lee',
  email: 'pat@example.test',
  mobile: '0400 000 000',
  methods: { email: true, sms: true, voice: true, push: true },
  isCurrentUser: false,
  isOffice: false,
};

function renderField(confirmationMethods: typeof testRuntimeConfig.confirmationMethods) {
  renderWithProviders(
    <ConfirmationsField
      contacts={[CONTACT]}
      value={[{ bookingContactId: 21, email: true, sms: false, voice: false, push: false }]}
      onChange={vi.fn()}
      error={undefined}
      rowErrors={() => undefined}
    />,
    { config: { ...testRuntimeConfig, confirmationMethods } },
  );
  return screen.getByRole('group').querySelectorAll('input[type="checkbox"]').length;
}

describe('ConfirmationsField', () => {
  it('offers only the methods this deployment delivers', () => {
    expect(renderField(['email'])).toBe(1);
    expect(screen.getByLabelText('E-mail')).toBeChecked();
    expect(screen.queryByLabelText('SMS')).toBeNull();
    expect(screen.queryByLabelText('Voice')).toBeNull();
    expect(screen.queryByLabelText('Push')).toBeNull();
  });

  it('offers every method the contact can receive where all are delivered (the demo)', () => {
    expect(renderField(['email', 'sms', 'voice', 'push'])).toBe(4);
    expect(screen.getByLabelText('SMS')).toBeEnabled();
  });
});
