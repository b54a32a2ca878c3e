/** Reading a failed call: whether the server answered at all, and the sentence it gave. */
import { HttpError } from 'react-admin';

/** Whether an error is the server's answer (it said no), rather than no answer at all. */
export function isServerAnswer(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status >= 400;
}

/** The server's sentence of a failed call, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const body = error.body as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : error.message;
  return message.trim() !== '' ? message : undefined;
}
