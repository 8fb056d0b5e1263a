import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appConfigSchema, envelope } from '@gerai/contract';
import { podLimits } from '../pod/decide';
import { readAppConfig } from './service';

export async function appConfigRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/app-config',
    {
      schema: {
        tags: ['app-config'],
        summary: 'Minimum and latest app version (drives the force-update modal) and the POD limits the server decides with; public',
        security: [],
        response: { 200: envelope(appConfigSchema) },
      },
    },
    async () => ({ message: 'Success' as const, data: await readAppConfig(app.db, app.config.MIN_APP_VERSION, podLimits(app.config)) }),
  );
}
