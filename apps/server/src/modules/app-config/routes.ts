import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appConfigSchema, envelope } from '@gerai/contract';
import { podLimits } from '../pod';
import { access, ok } from '../../platform/route-kit';
import { readAppConfig } from './service';

export async function appConfigRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/app-config',
    {
      ...access({ auth: 'public' }),
      schema: {
        tags: ['app-config'],
        summary: 'Minimum and latest app version (drives the force-update modal) and the POD limits the server decides with; public',
        response: { 200: envelope(appConfigSchema) },
      },
    },
    async () => ok(await readAppConfig(app.db, app.config.MIN_APP_VERSION, podLimits(app.config))),
  );
}
