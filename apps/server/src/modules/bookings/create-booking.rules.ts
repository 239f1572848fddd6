import { createBookingText, type CreateBookingFailure } from '@portal/contract/bookings/create/failures';
import type { RuleViolation } from '@portal/contract/problems';
import { AppError } from '../../lib/app-error';

/**
 * The rules of POST /v1/bookings are the contract's pipeline (packages/contract/src/bookings/create); this is only
 * how the server answers its failures: one problem for all of them, 403/404 first; then 400 when any field is wrong
 * (its `errors` also list the business rules broken, so the form can show everything at once); else 422. `errors`
 * carries the contract's English texts, `violations` the same failures as codes with parameters.
 */
export function toProblem(failures: readonly CreateBookingFailure[]): AppError | undefined {
  if (failures.length === 0) return undefined;
  const access = failures.find((f) => f.status === 403 || f.status === 404);
  if (access) {
    const text = createBookingText(access);
    return new AppError(access.status === 404 ? 'not-found' : 'forbidden', {
      detail: text,
      ...(access.field ? { errors: { [access.field]: [text] } } : {}),
      violations: [violationOf(access)],
    });
  }
  const errors: Record<string, string[]> = {};
  for (const f of failures) if (f.field) (errors[f.field] ??= []).push(createBookingText(f));
  const first = failures.find((f) => f.status === 400) ?? failures[0]!;
  return new AppError(first.status === 400 ? 'validation' : 'rule-violation', {
    detail: createBookingText(first),
    ...(Object.keys(errors).length > 0 ? { errors } : {}),
    violations: failures.map(violationOf),
  });
}

function violationOf(f: CreateBookingFailure): RuleViolation {
  return { code: f.code, ...(f.field !== undefined ? { field: f.field } : {}), ...(f.params ? { params: f.params } : {}) };
}
