import { z } from 'zod';
import { SUCCESS } from '../messages';

export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });
export const errorReplySchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.array(errorDetailSchema).optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** `{ message: "Success", data }` around any payload. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ message: z.literal(SUCCESS), data });
}

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  });
}

export const storeCodeSchema = z.string().regex(/^T\d{3,4}$/, 'Kode toko tidak valid');
export const isoDateSchema = z.iso.date();
