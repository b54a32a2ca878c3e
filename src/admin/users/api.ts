/**
 * The user routes beyond the data provider's CRUD (src/server/routes/api/v2/users.ts): the profile image upload and
 * removal, and the activity summary. Through the same HTTP client as the REST provider (the session cookie and
 * the page's XSRF token, the server's sentences as HttpError messages). They need the server: the demo mode has no image store and no
 * activity log of its own, and answers these with the "could not be reached" sentence.
 */
import type { RaRecord } from 'react-admin';
import type { ActivitySummary } from '../../resources/api-answers.ts';
import { createHttpClient, putFile, type HttpClientOptions } from '../providers/http-client.ts';

const BASE = '/api/v2/users';
/** The form field the server reads the image from. */
export const PROFILE_IMAGE_FIELD = 'profileImage';

export type { ActivitySummary };

const path = (id: RaRecord['id'], rest: string) => `${BASE}/${encodeURIComponent(String(id))}/${rest}`;

/** Stores `file` as the user's profile image (replacing any); answers the updated user. */
export async function uploadProfileImage(
  id: RaRecord['id'],
  file: Blob,
  options: HttpClientOptions = {},
): Promise<RaRecord> {
  return (await putFile(path(id, 'profile-image'), PROFILE_IMAGE_FIELD, file, 'profile-image', options)) as RaRecord;
}

/** Removes the user's profile image; answers the updated user. */
export async function removeProfileImage(id: RaRecord['id'], options: HttpClientOptions = {}): Promise<RaRecord> {
  const { json } = await createHttpClient(options)(path(id, 'profile-image'), { method: 'DELETE' });
  return json as RaRecord;
}

export async function fetchActivitySummary(
  id: RaRecord['id'],
  options: HttpClientOptions = {},
): Promise<ActivitySummary> {
  const { json } = await createHttpClient(options)(path(id, 'activity-summary'));
  return json as ActivitySummary;
}
