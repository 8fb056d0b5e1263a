import { z } from 'zod';

export const appConfigSchema = z.object({
  minAppVersion: z.string(),
  latestAppVersion: z.string(),
  serverTime: z.string(),
  /** Proof-of-delivery limits the server decides with (config POD_*): the web's hints and sketch use these. */
  pod: z.object({
    radiusM: z.number(),
    maxAccuracyM: z.number(),
    requestMaxM: z.number(),
    /** A position older than this (minutes) when it reaches the server is refused (POD_CAPTURE_TOO_OLD). */
    captureMaxAgeMin: z.number(),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
