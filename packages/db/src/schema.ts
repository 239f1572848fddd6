/** The one schema object drizzle needs: every table and enum, one module per area under ./schema/. */
export * from './schema/enums';
export * from './schema/meta';
export * from './schema/organisations';
export * from './schema/contacts';
export * from './schema/auth';
export * from './schema/catalogue';
export * from './schema/candidates';
export * from './schema/invoices';
export * from './schema/bookings';
export * from './schema/timesheets';
export * from './schema/platform';
export * from './schema/availability';
export * from './schema/live';
export * from './schema/policies';
export * from './schema/push';
export * from './schema/school-sso';
export * from './schema/second-step';
