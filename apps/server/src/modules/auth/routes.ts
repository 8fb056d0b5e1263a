import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorReplySchema, loginBodySchema, memberSchema, refreshBodySchema, tokenPairSchema } from '@gerai/contract';
import { REFRESH_COOKIE } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { loadPrincipal } from '../../platform/principal';
import { memberView } from '../members/service';
import { clearTokenCookies, setTokenCookies } from './cookies';
import * as auth from './service';

const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 429: errorReplySchema };

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/auth/login',
    {
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
        security: [],
        body: loginBodySchema,
        response: { 200: envelope(tokenPairSchema.extend({ member: memberSchema })), ...errors },
      },
    },
    async (req, reply) => {
      const issued = await auth.login(app.db, app.config, req.body.nik, req.body.password, req.headers['user-agent'] ?? null);
      setTokenCookies(reply, req, app.config, issued);
      const principal = await loadPrincipal(app.db, issued.userId);
      const member = await memberView(app.db, principal!);
      const { token, tokenExp, refreshToken, refreshTokenExp } = issued;
      return { message: 'Success' as const, data: { token, tokenExp, refreshToken, refreshTokenExp, member } };
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token (cookie rt, or refreshToken in the body for native hosts)',
        security: [],
        body: refreshBodySchema.optional(),
        response: { 200: envelope(tokenPairSchema), ...errors },
      },
    },
    async (req, reply) => {
      const token = req.body?.refreshToken ?? req.cookies[REFRESH_COOKIE];
      if (!token) throw new AppError('UNAUTHENTICATED');
      try {
        const issued = await auth.refresh(app.db, app.config, token, req.headers['user-agent'] ?? null);
        setTokenCookies(reply, req, app.config, issued);
        const { token: at, tokenExp, refreshToken, refreshTokenExp } = issued;
        return { message: 'Success' as const, data: { token: at, tokenExp, refreshToken, refreshTokenExp } };
      } catch (err) {
        clearTokenCookies(reply);
        throw err;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the refresh token family and clears the cookies',
        body: refreshBodySchema.optional(),
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (req, reply) => {
      await auth.logout(app.db, req.body?.refreshToken ?? req.cookies[REFRESH_COOKIE], req.principal?.userId ?? null);
      clearTokenCookies(reply);
      return { message: 'Success' as const, data: null };
    },
  );
}
