/** Domain errors carry a code; one HTTP middleware maps codes to statuses. */
export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'SUSPENDED'
  | 'MFA_REQUIRED'
  /** A sensitive action needs a recent sign-in or the password entered again (account deletion). */
  | 'REAUTH_REQUIRED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  SUSPENDED: 403,
  MFA_REQUIRED: 403,
  REAUTH_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
};

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }
  toJSON() {
    return { error: { code: this.code, message: this.message, ...(this.details === undefined ? {} : { details: this.details }) } };
  }
}

export const validationError = (message: string, details?: unknown) => new DomainError('VALIDATION', message, details);
export const notFound = (message = 'Not found') => new DomainError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do that') => new DomainError('FORBIDDEN', message);
export const unauthenticated = (message = 'Please sign in to continue') => new DomainError('UNAUTHENTICATED', message);

/** Our storage (table, bucket) did not answer: a retry later may succeed, and nothing is lost. */
const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
export const serviceUnavailable = (message = UNAVAILABLE_MESSAGE) => new DomainError('SERVICE_UNAVAILABLE', message);
