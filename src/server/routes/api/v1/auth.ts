/**
 * Sign-in on the spec's /api/v1 contract: login, logout, forgot password, and the emailed link's reset password.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, PASSWORD_POLICY } from '../../../../resources/password-rules.ts';
import { validationFailed } from '../../../errors.ts';
import { RESET_MESSAGES } from '../../../services/password-reset.ts';
import { DEVICE_COOKIE, DEVICE_MAX_AGE_SECONDS } from '../../../services/sign-in-throttle.ts';
import { clearSessionCookies, isSecure, setSessionCookies } from '../../../plugins/app/session-cookie.ts';
import { signedInWith } from '../../shared/guard.ts';

const emailSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Email is required.' : 'Email must be text.') })
  .trim()
  .min(1, { error: 'Email is required.' })
  .max(254, { error: 'Email is too long.' });

const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: (issue) => (issue.input === undefined ? 'Password is required.' : 'Password must be text.') })
    .min(1, { error: 'Password is required.' })
    .max(1024, { error: 'Password is too long.' }),
  userType: z.enum(['Admin', 'Employee'], { error: 'User type must be Admin or Employee.' }).optional(),
});

const forgotSchema = z.object({
  email: emailSchema.pipe(z.email({ error: 'Please enter a valid email address.' })),
});

const resetSchema = z.object({
  token: z
    .string({ error: RESET_MESSAGES.missingToken })
    .trim()
    .min(1, { error: RESET_MESSAGES.missingToken })
    .max(500, { error: RESET_MESSAGES.invalid }),
  // The policy (length, common passwords) is the reset service's, with the admin's sentences.
  password: z
    .string({
      error: (issue) => (issue.input === undefined ? 'Password is required.' : 'Password must be text.'),
    })
    // A bound for the body's size: the policy counts characters (at most MAX_PASSWORD_LENGTH), each up to two units.
    .max(2 * MAX_PASSWORD_LENGTH, { error: PASSWORD_POLICY.tooLong }),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: String(issue.path[0] ?? ''),
    message: issue.path.length === 0 ? 'The request body must be a JSON object.' : issue.message,
  }));
  throw validationFailed(errors);
}

export function v1AuthRoutes(app: FastifyInstance): void {
  const { config } = app.services;
  const secure = isSecure(config.PUBLIC_URL);

  app.post(
    '/api/v1/login',
    { config: { public: true, doc: { summary: 'Sign in', tags: ['Sign-in'], body: loginSchema } } },
    async (request, reply) => {
      const input = parse(loginSchema, request.body);
      const { token, account, newDevice } = await app.services.auth.login(input, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        device: request.cookies[DEVICE_COOKIE],
      });
      // A browser that signed in is a known device of the account: attackers' failures elsewhere do not slow it.
      if (newDevice) {
        reply.setCookie(DEVICE_COOKIE, newDevice, {
          path: '/api/v1/login',
          httpOnly: true,
          sameSite: 'strict',
          secure,
          maxAge: DEVICE_MAX_AGE_SECONDS,
        });
      }
      // The admin app's session is the HttpOnly cookie; the token in the answer is for the contract's API clients.
      setSessionCookies(reply, token, { secure, maxAgeSeconds: Math.floor(config.SESSION_TTL_HOURS * 3600) });
      return {
        success: true,
        message: 'Login successful.',
        user: { token, id: account.id, name: account.name, email: account.email, userType: account.userType },
      };
    },
  );

  app.post(
    '/api/v1/logout',
    signedInWith({ summary: 'End this session', tags: ['Sign-in'] }),
    async (request, reply) => {
      await app.services.auth.logout(request.token!, request.account!.id);
      clearSessionCookies(reply, secure);
      return { success: true, message: 'You have been signed out.' };
    },
  );

  app.post(
    '/api/v1/forgotPassword',
    {
      config: {
        public: true,
        doc: { summary: 'Ask for a password reset link', tags: ['Sign-in'], body: forgotSchema },
      },
    },
    async (request) => {
      const { email } = parse(forgotSchema, request.body);
      // The same answer, in the same time, whether or not the address has an account: the request is handled
      // after the answer (token, email through the outbox, activity log).
      app.services.passwordReset.request(email, request.ip);
      return { success: true, message: RESET_MESSAGES.requested };
    },
  );

  app.post(
    '/api/v1/resetPassword',
    {
      config: {
        public: true,
        doc: { summary: 'Set a new password with an emailed link', tags: ['Sign-in'], body: resetSchema },
      },
    },
    async (request) => {
      const { token, password } = parse(resetSchema, request.body);
      await app.services.passwordReset.reset(token, password);
      return { success: true, message: RESET_MESSAGES.done };
    },
  );
}
