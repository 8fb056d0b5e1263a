import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, uploadParamsSchema, uploadSchema, type ErrorCode } from '@gerai/contract';
import { principalOf } from './auth';
import { AppError } from './errors';
import { access, changeReplies, errorReplies, findReplies, ok } from './route-kit';
import { sendStoredFile } from './file-reply';
import { readUpload, sha256Of, storeUpload } from './uploads';

/** The one file field of POST /api/uploads. */
export const UPLOAD_FIELD = 'file';
/** An upload never changes under its id, so a phone may keep it; private: it is one store's. */
const UPLOAD_CACHE_CONTROL = 'private, max-age=86400';

/** A file of a multipart request, buffered (busboy stops it at the route's size limit). */
export interface ReceivedFile {
  /** The sender's name for it: shown, never used as a path. */
  fileName: string;
  bytes: Buffer;
  sha256: string;
  size: number;
}

/** What a multipart form's text fields and files become in req.body (validated by the route's schema). */
type FormShape = (fields: Record<string, string>, files: readonly ReceivedFile[]) => unknown;

export interface MultipartFormOptions {
  /** The field that carries the files; files in any other field are read away and ignored. */
  fileField: string;
  maxFiles: number;
  /** The refusal when a file is over the size limit. */
  tooLarge: ErrorCode;
  /** The refusal when more than `maxFiles` files are sent. */
  tooMany: () => AppError;
  shape: FormShape;
}

/** The files of a request, kept off req.body so the request hash reads their digests, not megabytes of numbers. */
const received = new WeakMap<FastifyRequest, ReceivedFile[]>();
export const receivedFiles = (req: FastifyRequest): ReceivedFile[] => received.get(req) ?? [];

/** A multipart failure in the contract's words: a file's size, too many files, else a malformed form (400). */
function multipartError(err: unknown, options: MultipartFormOptions): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(options.tooLarge);
  if (code === 'FST_FILES_LIMIT') return options.tooMany();
  // Anything else from the parser is still the request's fault: a truncated or malformed form, a client gone.
  return new AppError('VALIDATION_FAILED');
}

/**
 * Reads a multipart body before validation and the Idempotency-Key step (preValidation, after
 * the route kit proved the caller in onRequest): the files of `fileField` are buffered, the text
 * fields kept, and req.body becomes `shape(fields, files)`, where each file stands as its sha256
 * and size. So a retry with the same key and the same files replays the first answer, and the
 * same key with other files is refused (422 IDEMPOTENCY_KEY_REUSED) instead of replaying a stranger's.
 */
export function multipartForm(options: MultipartFormOptions): preValidationAsyncHookHandler {
  return async (req) => {
    const fields: Record<string, string> = {};
    const files: ReceivedFile[] = [];
    if (req.isMultipart()) {
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          const bytes = await part.toBuffer();
          if (part.fieldname !== options.fileField) continue;
          if (files.length >= options.maxFiles) throw options.tooMany();
          files.push({ fileName: part.filename ?? '', bytes, sha256: sha256Of(bytes), size: bytes.length });
        }
      } catch (err) {
        throw multipartError(err, options);
      }
    }
    received.set(req, files);
    req.body = options.shape(fields, files);
  };
}

/**
 * Scopes multipart parsing to the routes of one plugin: any other body is 415 before it is read.
 * Busboy stops a file at `fileSize` and the form at `files` files (the routes' own refusals).
 */
export async function useMultipart(app: FastifyInstance, limits: { fileSize: number; files: number; fieldSize?: number }): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(multipart, {
    limits: { fileSize: limits.fileSize, files: limits.files, fields: 10, fieldSize: limits.fieldSize ?? 1024, parts: limits.files + 11, headerPairs: 100 },
  });
}

/** The one file of POST /api/uploads; other fields are ignored. */
const readUploadForm = multipartForm({
  fileField: UPLOAD_FIELD,
  maxFiles: 1,
  tooLarge: 'UPLOAD_TOO_LARGE',
  tooMany: () => new AppError('VALIDATION_FAILED', undefined, [{ path: `body.${UPLOAD_FIELD}`, message: 'Kirim satu file saja.' }]),
  shape: (_fields, files) => ({ file: files[0] ? { sha256: files[0].sha256, size: files[0].size } : null }),
});

/** POST /api/uploads (multipart, one image) and GET /api/uploads/:id. Registered as its own plugin: multipart is parsed on these routes only. */
export async function uploadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Only multipart reaches the upload: any other body is 415 before it is read.
  await useMultipart(app, { fileSize: UPLOAD_MAX_BYTES, files: 1 });

  app.post(
    '/api/uploads',
    {
      ...access({ auth: 'session' }),
      preValidation: readUploadForm,
      schema: {
        tags: ['uploads'],
        summary: 'Upload one photo (multipart/form-data, field `file`) for the active store; attach it to a change by its id',
        description: `One file in the field \`${UPLOAD_FIELD}\`, at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB (413 \`UPLOAD_TOO_LARGE\`). Its type is read from the content, never from the name: ${UPLOAD_IMAGE_TYPES.join(', ')} only (415 \`UPLOAD_TYPE_UNSUPPORTED\`); no file → 400 \`UPLOAD_MISSING\`; a body that is not multipart → 415 \`UNSUPPORTED_MEDIA_TYPE\`. An upload nothing attaches within a day is deleted. With an Idempotency-Key the request is identified by the file's SHA-256.`,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(uploadSchema), ...changeReplies, ...errorReplies(413, 415) },
      },
    },
    async (req, reply) => {
      const [file] = receivedFiles(req);
      if (!file || file.size === 0) throw new AppError('UPLOAD_MISSING');
      return reply.code(201).send(ok(await storeUpload(app.db, principalOf(req), file.bytes, file.sha256)));
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
      return sendStoredFile(reply, { mime: file.mime, bytes: file.bytes, disposition: 'inline', cacheControl: UPLOAD_CACHE_CONTROL, etag: file.sha256 });
    },
  );
}
