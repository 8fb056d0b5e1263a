import { z } from 'zod';
import { UPLOAD_IMAGE_TYPES } from '../limits';
import { FIELD_MESSAGES } from '../messages';
import { request, text } from './primitives';

export const UPLOAD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const uploadIdSchema = () => text({ max: 36, error: FIELD_MESSAGES.photoIdInvalid }).regex(UPLOAD_ID_PATTERN, FIELD_MESSAGES.photoIdInvalid);
export const uploadParamsSchema = request(z.object({ id: uploadIdSchema() }));

/** 201 of POST /api/uploads (multipart, one file): the stored file, to be attached by its id. */
export const uploadSchema = z.object({
  id: z.string(),
  /** The type read from the content (never the name or the browser's claim). */
  mime: z.enum(UPLOAD_IMAGE_TYPES),
  size: z.number().int(),
  /** GET it with the session; only people who may see the uploader's store may. */
  url: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;
