import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, loginBodySchema, logoutBodySchema, memberSchema, refreshBodySchema, tokenPairSchema } from '@gerai/contract';
import { REFRESH_COOKIE } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { loadPrincipal } from '../../platform/principal';
import { access, errorReplies, ok } from '../../platform/route-kit';
import { memberView } from '../members';
import { clearTokenCookies, setTokenCookies } from './cookies';
import * as auth from './service';

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/auth/login',
    {
      ...access({ auth: 'public' }),
      config: {
        rateLimit: {
          max: app.config.LOGIN_RATE_LIMIT,
          timeWindow: '1 minute',
          keyGenerator: (req) => req.ip,
          errorResponseBuilder: () => new AppError('RATE_LIMITED'),
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with NIK and password; sets the at/rt HttpOnly cookies',
        body: loginBodySchema,
        response: { 200: envelope(tokenPairSchema.extend({ member: memberSchema })), ...errorReplies(400, 401, 403, 429) },
      },
    },
    async (req, reply) => {
      const issued = await auth.login(app.db, app.config, req.body.nik, req.body.password, req.headers['user-agent'] ?? null);
      setTokenCookies(reply, req, app.config, issued);
      const principal = await loadPrincipal(app.db, issued.userId);
      const member = await memberView(app.db, principal!);
      const { token, tokenExp, refreshToken, refreshTokenExp } = issued;
      return ok({ token, tokenExp, refreshToken, refreshTokenExp, member });
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      ...access({ auth: 'public' }),
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token (cookie rt, or refreshToken in the body for native hosts)',
        body: refreshBodySchema.optional(),
        response: { 200: envelope(tokenPairSchema), ...errorReplies(400, 401, 403, 429) },
      },
    },
    async (req, reply) => {
      const token = req.body?.refreshToken ?? req.cookies[REFRESH_COOKIE];
      if (!token) throw new AppError('UNAUTHENTICATED');
      try {
        const issued = await auth.refresh(app.db, app.config, token, req.headers['user-agent'] ?? null);
        setTokenCookies(reply, req, app.config, issued);
        const { token: at, tokenExp, refreshToken, refreshTokenExp } = issued;
        return ok({ token: at, tokenExp, refreshToken, refreshTokenExp });
      } catch (err) {
        clearTokenCookies(reply);
        throw err;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    {
      ...access({ auth: 'public' }),
      schema: {
        tags: ['auth'],
        summary: "Sign out: revokes the refresh token family, removes the push device named (pushDeviceId) and clears the cookies",
        body: logoutBodySchema.optional(),
        response: { 200: envelope(z.null()), ...errorReplies(400, 401, 403, 429) },
      },
    },
    async (req, reply) => {
      await auth.logout(app.db, req.body?.refreshToken ?? req.cookies[REFRESH_COOKIE], req.principal?.userId ?? null, req.body?.pushDeviceId);
      clearTokenCookies(reply);
      return ok(null);
    },
  );
}
