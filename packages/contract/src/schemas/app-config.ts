import { z } from 'zod';

export const appConfigSchema = z.object({
  minAppVersion: z.string(),
  latestAppVersion: z.string(),
  serverTime: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
