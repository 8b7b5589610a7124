/**
 * The errors a command can answer with. Each maps to one status code (DESIGN §4, §7); anything
 * else reaching the error handler is a fault and answers 500 without detail.
 */

export interface FieldIssue {
  /** Dotted path of the failing field, e.g. `value` or `meetings.0.day`; '' for the whole body. */
  field: string;
  message: string;
}

export abstract class ApiError extends Error {
  abstract readonly statusCode: number;
}

/** 400: the request is malformed; `fields` says which parts and why. */
export class ValidationError extends ApiError {
  override readonly name = 'ValidationError';
  readonly statusCode = 400;
  constructor(
    readonly fields: readonly FieldIssue[],
    message = 'The request is not valid.',
  ) {
    super(message);
  }
}

/** 403: the caller may not do this. */
export class ForbiddenError extends ApiError {
  override readonly name = 'ForbiddenError';
  readonly statusCode = 403;
  constructor(message = 'You are not allowed to do this.') {
    super(message);
  }
}

/** 404: the thing named does not exist. */
export class NotFoundError extends ApiError {
  override readonly name = 'NotFoundError';
  readonly statusCode = 404;
  constructor(message = 'Not found.') {
    super(message);
  }
}

/** 409: the write was based on a stale revision; the client may reload and retry. */
export class ConflictError extends ApiError {
  override readonly name = 'ConflictError';
  readonly statusCode = 409;
  constructor(
    /** Current revision of the stream, -1 when it does not exist. */
    readonly currentRevision: number,
    message = 'Someone else changed this in the meantime. Reload and try again.',
  ) {
    super(message);
  }
}

/** 422: a domain rule refuses the command; the message is a sentence for the user. */
export class DomainRuleError extends ApiError {
  override readonly name = 'DomainRuleError';
  readonly statusCode = 422;
  constructor(
    message: string,
    /** A schedule conflict the caller may override (`override: true`); answered as such. */
    readonly overridable = false,
  ) {
    super(message);
  }
}

/** Zod-style issues (`path` as property keys) to our field list. */
export function fieldIssuesFrom(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: readonly PropertyKey[] = [],
): FieldIssue[] {
  return issues.map((issue) => ({
    field: [...prefix, ...issue.path].map(String).join('.'),
    message: issue.message,
  }));
}

/**
 * The first issue a schema words as a sentence for people (a refinement declared with
 * `params: { sentence: true }`), to answer as a 400's message instead of the generic one.
 */
export function sentenceFrom(
  issues: readonly { message: string; params?: unknown }[],
): string | undefined {
  return issues.find((issue) => {
    const params = issue.params as { sentence?: unknown } | undefined;
    return params?.sentence === true;
  })?.message;
}

/** 400 for a payload its schema refused: each field's issue, and a schema's sentence if any. */
export function invalidPayload(
  issues: readonly { path: readonly PropertyKey[]; message: string; params?: unknown }[],
): ValidationError {
  return new ValidationError(fieldIssuesFrom(issues), sentenceFrom(issues));
}
