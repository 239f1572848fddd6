import { PROBLEMS, type ProblemCode, type RuleViolation } from '@portal/contract/problems';

/**
 * The one error type services throw. `detail` is for the user; `internal` goes to the log only. `code` is a
 * problem code of the contract (or a domain code such as 'auth/wrong-password' with an explicit status).
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: Record<string, string[]> | undefined;
  readonly violations: RuleViolation[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ProblemCode | { code: string; status: number; title: string },
    options: {
      detail?: string;
      errors?: Record<string, string[]>;
      violations?: RuleViolation[];
      internal?: string;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    const kind = typeof code === 'string' ? { code, ...PROBLEMS[code] } : code;
    super(options.internal ?? options.detail ?? kind.title, { cause: options.cause });
    this.status = kind.status;
    this.code = kind.code;
    this.title = kind.title;
    this.detail = options.detail;
    this.errors = options.errors;
    this.violations = options.violations;
    this.headers = options.headers;
  }

  /** A 400 naming one field and its rule. */
  static field(field: string, message: string, code: ProblemCode = 'validation'): AppError {
    return new AppError(code, { detail: message, errors: { [field]: [message] } });
  }
}
