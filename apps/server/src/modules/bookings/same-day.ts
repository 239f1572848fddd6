/**
 * Which local dates can still be booked at a location (spec §5 'same-day cut-off'): the contract's rule, shared with
 * the create pipeline and the forms. Extending and approving use it through here.
 */
export { dateStillBookable, firstBookableDate, type SameDayRule } from '@portal/contract/booking-rules';
export { todayIn } from '@portal/contract/school-days';
