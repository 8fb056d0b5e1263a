import { z } from 'zod';

export const orderCountQuerySchema = z.object({
  /** ISO timestamp; when given, `latest` counts orders that arrived after it. */
  latestOrder: z.iso.datetime({ offset: true }).optional(),
});

export const orderCountSchema = z.object({
  counts: z.object({
    '1101': z.number().int(),
    '1102': z.number().int(),
    '1103': z.number().int(),
    '1104': z.number().int(),
    '1105': z.number().int(),
    '1106': z.number().int(),
    '1107': z.number().int(),
  }),
  latest: z.number().int(),
  latestOrderAt: z.string().nullable(),
});
export type OrderCount = z.infer<typeof orderCountSchema>;
