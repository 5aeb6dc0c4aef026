// A failure as data: the code (and params) of @domain/api-types' ApiErrorCode, which is all the page
// needs to say what went wrong in its own language. An upload job keeps it in IndexedDB and the
// engine posts it to every page; describeError turns it into a sentence.

import type { TFunction } from 'i18next';
import type { ApiErrorCode, ApiErrorParams } from '@domain/api-types';
import { ApiError } from './client';

export interface Failure {
  code: ApiErrorCode;
  params?: ApiErrorParams;
}

function isFailure(value: unknown): value is Failure {
  return typeof value === 'object' && value !== null && typeof (value as Partial<Failure>).code === 'string';
}

/**
 * A failure of this device's own, where no request got an answer to carry a code (the file is no
 * longer stored here): an Error whose cause is the Failure, so `failureOf` finds the code.
 */
export function localFailure(code: ApiErrorCode, message: string, params?: ApiErrorParams): Error {
  return new Error(message, { cause: params === undefined ? { code } : { code, params } });
}

/** The code and params of any error: an ApiError's, a stored Failure, or an Error's cause's. */
export function failureOf(error: unknown): Failure {
  if (error instanceof ApiError)
    return error.params === undefined ? { code: error.code } : { code: error.code, params: error.params };
  if (isFailure(error)) return error;
  if (error instanceof Error && error.cause !== undefined) return failureOf(error.cause);
  return { code: 'unexpected' };
}

/** Any error, or a stored Failure, as a sentence in the UI's language (`errors.api.<code>`). */
export function describeError(t: TFunction, error: unknown): string {
  const { code, params } = failureOf(error);
  return t(`errors.api.${code}`, params ?? {});
}
