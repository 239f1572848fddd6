import type { Billing, TimesheetFacts } from './decide';

/**
 * Worked examples of the decide rules, shared by the tests of every side that shows or writes billed hours: the
 * contract's own, the server's (the same facts written to a timesheet, listed, approved and printed) and the web's
 * (the same facts rendered as a row). Each side must arrive at `billing`.
 */
export interface DecideExample {
  name: string;
  facts: TimesheetFacts;
  billing: Billing;
}

const booked = { startTime: '08:30', endTime: '15:30', breakMinutes: 30 };

export const DECIDE_EXAMPLES: readonly DecideExample[] = [
  {
    name: 'pending approval, unchanged: the booked hours',
    facts: { status: 'pending_approval', bookingStatus: 'completed', recorded: booked, educator: null, school: null },
    billing: { kind: 'hours', basis: 'booked', final: false, startTime: '08:30', endTime: '15:30', breakMinutes: 30, minutes: 390 },
  },
  {
    name: 'pending approval, the educator changed the times: the educator’s hours',
    facts: {
      status: 'pending_approval',
      bookingStatus: 'completed',
      recorded: booked,
      educator: { didNotHappen: false, startTime: '09:00', endTime: '14:30', breakMinutes: 30 },
      school: null,
    },
    billing: { kind: 'hours', basis: 'educator', final: false, startTime: '09:00', endTime: '14:30', breakMinutes: 30, minutes: 300 },
  },
  {
    name: 'pending approval, the educator says it did not happen: no charge if approved',
    facts: {
      status: 'pending_approval',
      bookingStatus: 'completed',
      recorded: booked,
      educator: { didNotHappen: true, reason: 'Unwell on the day' },
      school: null,
    },
    billing: { kind: 'no_charge', basis: 'educator', final: false },
  },
  {
    name: 'pending review, the school modified the times: what the school asked',
    facts: {
      status: 'pending_review',
      bookingStatus: 'completed',
      recorded: booked,
      educator: null,
      school: { didNotHappen: false, startTime: '08:30', endTime: '12:30', breakMinutes: 0 },
    },
    billing: { kind: 'hours', basis: 'school', final: false, startTime: '08:30', endTime: '12:30', breakMinutes: 0, minutes: 240 },
  },
  {
    name: 'pending review, the school says it did not happen: no charge if the provider agrees',
    facts: {
      status: 'pending_review',
      bookingStatus: 'completed',
      recorded: booked,
      educator: null,
      school: { didNotHappen: true, reason: 'Nobody came' },
    },
    billing: { kind: 'no_charge', basis: 'school', final: false },
  },
  {
    name: 'approved for invoice after the educator’s change: the approved (stored) hours',
    facts: {
      status: 'approved_for_invoice',
      bookingStatus: 'completed',
      recorded: { startTime: '09:00', endTime: '14:30', breakMinutes: 30 },
      educator: { didNotHappen: false, startTime: '09:00', endTime: '14:30', breakMinutes: 30 },
      school: null,
    },
    billing: { kind: 'hours', basis: 'approved', final: true, startTime: '09:00', endTime: '14:30', breakMinutes: 30, minutes: 300 },
  },
  {
    name: 'invoiced: the approved hours',
    facts: {
      status: 'invoiced',
      bookingStatus: 'completed',
      recorded: { startTime: '8:00', endTime: '12:15', breakMinutes: 0 },
      educator: null,
      school: null,
    },
    billing: { kind: 'hours', basis: 'approved', final: true, startTime: '08:00', endTime: '12:15', breakMinutes: 0, minutes: 255 },
  },
];
