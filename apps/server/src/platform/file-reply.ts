import type { FastifyReply } from 'fastify';

export interface StoredFile {
  mime: string;
  bytes: Buffer;
  /** Shown in place (images) or downloaded (anything that could run in the page, e.g. a PDF). */
  disposition: 'inline' | 'attachment';
  /** The name offered on saving; a label only, never a path. */
  fileName?: string;
  cacheControl: string;
  etag?: string;
  expires?: Date;
}

/** The name as a quoted-string: only letters, digits and `._ -` survive; the rest is in `filename*`. */
const asciiName = (name: string) => name.replace(/[^A-Za-z0-9._ -]/g, '_');

/**
 * Sends a stored file's bytes so that nothing in them can run in the app's origin: its type as read
 * from its content, never sniffed, in a sandbox with no sources, and a download unless it is shown in
 * place. Every route that serves a file answers through this.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile): FastifyReply {
  const ascii = file.fileName === undefined ? null : asciiName(file.fileName);
  // The exact name rides in `filename*` only when the plain one had to change.
  const name = ascii === null ? '' : `; filename="${ascii}"${ascii === file.fileName ? '' : `; filename*=UTF-8''${encodeURIComponent(file.fileName!)}`}`;
  reply
    .header('content-type', file.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', `${file.disposition}${name}`)
    .header('cache-control', file.cacheControl);
  if (file.etag) reply.header('etag', `"${file.etag}"`);
  if (file.expires) reply.header('expires', file.expires.toUTCString());
  // The bytes themselves: no JSON schema describes them, so the typed reply is told so.
  return reply.send(file.bytes as never);
}
