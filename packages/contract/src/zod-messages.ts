import { z } from 'zod';
import { FORM_MESSAGES } from './messages';

/**
 * One zod error map for both sides, so a schema failure reads as the spec's form messages (§5) whether the form
 * or the server caught it. Installed once with `installZodMessages()`.
 */
export const specErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return FORM_MESSAGES.required;
      if (issue.expected === 'number' || issue.expected === 'int') return FORM_MESSAGES.number;
      return `Expected ${issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return FORM_MESSAGES.required;
      if (issue.origin === 'array' && issue.minimum === 1) return FORM_MESSAGES.required;
      return undefined;
    case 'too_big':
      if (issue.origin === 'string') return FORM_MESSAGES.max(Number(issue.maximum));
      return undefined;
    case 'invalid_format':
      if (issue.format === 'email') return FORM_MESSAGES.email;
      if (issue.format === 'date') return FORM_MESSAGES.date;
      return undefined;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
};

let installed = false;
export function installZodMessages(): void {
  if (installed) return;
  z.config({ customError: specErrorMap });
  installed = true;
}
