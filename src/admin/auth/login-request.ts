/**
 * Signing in on the server (`POST /api/v1/login`): the session comes back as the server's HttpOnly cookie, and the
 * identity shown in the header is kept (token.ts). Shared by the auth provider and by the sign-in page drawn in its
 * HTML, which signs in before react-admin has loaded (DrawnLogin.tsx): nothing of react-admin here.
 */
import { messageOf, requestJson, type FetchLike } from './request.ts';
import { storeIdentity } from './token.ts';
import type { UserType } from './user-types.ts';

export interface LoginParams {
  email: string;
  password: string;
  userType?: UserType;
}

/** What a failed sign-in says when the server does not: in the language chosen. */
export interface LoginFailureWords {
  /** The server could not be reached. */
  somethingWrong: string;
  /** The server refused without a sentence of its own. */
  loginFailed: string;
}

interface LoginUser {
  id: number;
  name: string;
  email: string;
  userType: UserType;
}

function loginUser(body: Record<string, unknown> | undefined): LoginUser | undefined {
  const user = body?.user as Partial<LoginUser> | undefined;
  return body?.success === true && typeof user?.id === 'number' ? (user as LoginUser) : undefined;
}

/** Signs in; rejects with an Error whose message is the server's sentence (or `words`' when it has none). */
export async function signInOnServer(
  fetchImpl: FetchLike,
  { email, password, userType }: LoginParams,
  words: LoginFailureWords,
): Promise<void> {
  let answer;
  try {
    answer = await requestJson(fetchImpl, '/api/v1/login', { method: 'POST', body: { email, password, userType } });
  } catch {
    throw new Error(words.somethingWrong);
  }
  const user = loginUser(answer.body);
  if (!answer.ok || !user) throw new Error(messageOf(answer.body) ?? words.loginFailed);
  storeIdentity({ id: user.id, name: user.name, email: user.email, userType: user.userType });
}
