import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FormErrors } from '../resources/formValues.js';

export interface UsedBy {
  resource: string;
  count: number;
}

/** What the dialog or list shows for a failed call. */
export interface ServerProblem {
  status: number | string;
  message: string;
  /** Field-level sentences from a 400 (`fields: [{ field, message }]`). */
  fieldErrors: FormErrors;
  /** 409: the record changed since it was loaded. */
  stale: boolean;
  /** 422 with `usedBy`: the record is referenced elsewhere; deactivating is offered instead. */
  usedBy: UsedBy[] | null;
  /** 422 for a schedule conflict the user may override (the server says so). */
  overridable: boolean;
}

interface ErrorBody {
  message?: unknown;
  fields?: unknown;
  usedBy?: unknown;
  overridable?: unknown;
}

export const STALE_MESSAGE =
  'Someone else changed this record since you opened it. Reload it to see their changes, then edit again.';

export function problemOf(error: FetchBaseQueryError | SerializedError | undefined): ServerProblem {
  if (!error)
    return {
      status: 'UNKNOWN',
      message: 'Something went wrong.',
      fieldErrors: {},
      stale: false,
      usedBy: null,
      overridable: false,
    };
  if (!('status' in error)) {
    return {
      status: 'CLIENT_ERROR',
      message: error.message ?? 'Something went wrong.',
      fieldErrors: {},
      stale: false,
      usedBy: null,
      overridable: false,
    };
  }
  const body = (
    typeof error.data === 'object' && error.data !== null ? error.data : {}
  ) as ErrorBody;
  const fieldErrors: FormErrors = {};
  if (Array.isArray(body.fields)) {
    for (const issue of body.fields as { field?: unknown; message?: unknown }[]) {
      if (typeof issue.field === 'string' && typeof issue.message === 'string') {
        const top = issue.field.split('.')[0] ?? '';
        fieldErrors[top] ??= issue.message;
      }
    }
  }
  const usedBy = Array.isArray(body.usedBy) ? (body.usedBy as UsedBy[]) : null;
  let message: string;
  if (error.status === 409) message = STALE_MESSAGE;
  else if (typeof body.message === 'string') message = body.message;
  else if (error.status === 'FETCH_ERROR') message = 'The server could not be reached. Try again.';
  else if (error.status === 'TIMEOUT_ERROR')
    message = 'The server took too long to answer. Try again.';
  else if ('error' in error && typeof error.error === 'string') message = error.error;
  else message = `The server answered ${String(error.status)}.`;
  return {
    status: error.status,
    message,
    fieldErrors,
    stale: error.status === 409,
    usedBy,
    overridable: error.status === 422 && body.overridable === true,
  };
}
