import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, uploadParamsSchema, uploadSchema } from '@gerai/contract';
import { principalOf } from './auth';
import { AppError } from './errors';
import { access, changeReplies, errorReplies, findReplies, ok } from './route-kit';
import { readUpload, sha256Of, storeUpload } from './uploads';

/** The one file field of POST /api/uploads. */
export const UPLOAD_FIELD = 'file';
/** An upload never changes under its id, so a phone may keep it; private: it is one store's. */
const UPLOAD_CACHE_CONTROL = 'private, max-age=86400';

/** What the multipart body became: the file's digest stands for it in the Idempotency-Key's request hash. */
interface UploadBody {
  file: { sha256: string; size: number } | null;
}

/** The file's bytes, kept off req.body so the request hash reads the digest, not 5 MB of numbers. */
const received = new WeakMap<FastifyRequest, Buffer>();

/** A multipart failure in the contract's words: the file's size (413), else a malformed form (400). */
function multipartError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('UPLOAD_TOO_LARGE');
  if (code === 'FST_FILES_LIMIT') return new AppError('VALIDATION_FAILED', undefined, [{ path: `body.${UPLOAD_FIELD}`, message: 'Kirim satu file saja.' }]);
  // Anything else from the parser is still the request's fault: a truncated or malformed form, a client gone.
  return new AppError('VALIDATION_FAILED');
}

/**
 * Reads the multipart body before validation and the Idempotency-Key step (preValidation, after
 * the route kit proved the caller in onRequest): the one file of field `file` is buffered (busboy
 * stops it at UPLOAD_MAX_BYTES), other fields are ignored, and req.body becomes the file's sha256
 * and size. So a retry with the same key and the same file replays the first answer, and the same
 * key with another file is refused (422 IDEMPOTENCY_KEY_REUSED) instead of replaying a stranger's.
 */
const readMultipart: preValidationAsyncHookHandler = async (req) => {
  const body: UploadBody = { file: null };
  if (!req.isMultipart()) {
    req.body = body;
    return;
  }
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== UPLOAD_FIELD || received.has(req)) {
        // Not the file field: read it away so the form can finish.
        await part.toBuffer();
        continue;
      }
      const bytes = await part.toBuffer();
      received.set(req, bytes);
      body.file = { sha256: sha256Of(bytes), size: bytes.length };
    }
  } catch (err) {
    throw multipartError(err);
  }
  req.body = body;
};

/** POST /api/uploads (multipart, one image) and GET /api/uploads/:id. Registered as its own plugin: multipart is parsed on these routes only. */
export async function uploadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Only multipart reaches the upload: any other body is 415 before it is read.
  app.removeAllContentTypeParsers();
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  });

  app.post(
    '/api/uploads',
    {
      ...access({ auth: 'session' }),
      preValidation: readMultipart,
      schema: {
        tags: ['uploads'],
        summary: 'Upload one photo (multipart/form-data, field `file`) for the active store; attach it to a change by its id',
        description: `One file in the field \`${UPLOAD_FIELD}\`, at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB (413 \`UPLOAD_TOO_LARGE\`). Its type is read from the content, never from the name: ${UPLOAD_IMAGE_TYPES.join(', ')} only (415 \`UPLOAD_TYPE_UNSUPPORTED\`); no file → 400 \`UPLOAD_MISSING\`; a body that is not multipart → 415 \`UNSUPPORTED_MEDIA_TYPE\`. An upload nothing attaches within a day is deleted. With an Idempotency-Key the request is identified by the file's SHA-256.`,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(uploadSchema), ...changeReplies, ...errorReplies(413, 415) },
      },
    },
    async (req, reply) => {
      const bytes = received.get(req);
      if (!bytes || bytes.length === 0) throw new AppError('UPLOAD_MISSING');
      const body = req.body as UploadBody;
      return reply.code(201).send(ok(await storeUpload(app.db, principalOf(req), bytes, body.file?.sha256)));
    },
  );

  app.get(
    '/api/uploads/:id',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['uploads'],
        summary: "An uploaded file's bytes with its type; only for callers who may see the uploader's store (else 404)",
        params: uploadParamsSchema,
        response: findReplies,
      },
    },
    async (req, reply) => {
      const file = await readUpload(app.db, principalOf(req), req.params.id);
      return reply
        .header('content-type', file.mime)
        .header('cache-control', UPLOAD_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('etag', `"${file.sha256}"`)
        // The bytes themselves: no JSON schema describes them, so the typed reply is told so.
        .send(file.bytes as never);
    },
  );
}
