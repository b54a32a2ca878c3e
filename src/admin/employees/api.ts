/**
 * The employee route beyond the data provider's CRUD (src/server/routes/api/v2/employees.ts): replacing the photo of
 * an employee, multipart on `PUT /api/v2/employees/:id/photo` (the contract's update is JSON and carries no
 * file). Through the same HTTP client as the providers (the session cookie, the page's XSRF token, the server's
 * sentences as HttpError messages).
 */
import type { RaRecord } from 'react-admin';
import { putFile, type HttpClientOptions } from '../providers/http-client.ts';

/** The form field the server reads the photo from (as on create). */
export const PHOTO_FIELD = 'userProfile';

/** Stores `file` as the employee's photo, replacing the stored one. */
export async function uploadEmployeePhoto(
  id: RaRecord['id'],
  file: Blob,
  options: HttpClientOptions = {},
): Promise<void> {
  await putFile(`/api/v2/employees/${encodeURIComponent(String(id))}/photo`, PHOTO_FIELD, file, 'photo', options);
}
