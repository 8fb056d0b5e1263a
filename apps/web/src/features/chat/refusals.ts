import type { ApiErrorCode } from '@/shared/api/api-error';
import { codesOf, type RefusalEntry, type RefusalTable } from '@/shared/api/refusal';

/** A chat refusal: the entry, and whether the room shown is out of date after it. */
export type ChatRefusal = RefusalEntry & {
  /** The room on screen is out of date (the order went to history, the room is gone): it is read again. */
  stale?: true;
};

/** Said above the composer, in the contract's words and the server's particulars; what was typed is kept. */
const aboveComposer: ChatRefusal = { show: 'form', words: 'particulars' };
/** The photo itself was refused (on the phone or by the server): said in the photo's slot, only another photo helps. */
const onPhoto: ChatRefusal = { show: 'field', field: 'photo', words: 'particulars' };

/**
 * The chat modal's refusals (open the room, send a message or photo, mark read). A message the
 * server refuses is said above the composer; a photo the upload refuses in the photo's slot with
 * "Pilih file lain". The sales channel's side of the chat (its photo links) answers the channel,
 * never a phone. Opening and marking read say nothing on screen: a refusal there reads the room again.
 */
export const CHAT_REFUSALS = {
  CHAT_READ_ONLY: { ...aboveComposer, stale: true },
  CHAT_ROOM_NOT_FOUND: { ...aboveComposer, stale: true },
  NOT_FOUND: { ...aboveComposer, stale: true },
  CHAT_PHOTO_UNKNOWN: aboveComposer,
  CHAT_MESSAGE_ID_REUSED: aboveComposer,
  VALIDATION_FAILED: aboveComposer,
  UPLOAD_TOO_LARGE: onPhoto,
  UPLOAD_TYPE_UNSUPPORTED: onPhoto,
} as const satisfies RefusalTable<ChatRefusal>;

/** A code CHAT_REFUSALS does not name (the platform's, no reply): above the composer, in the same words. */
export const CHAT_OTHERWISE: ChatRefusal = aboveComposer;

/** Refusals after which the room shown is out of date: it is read again (chatChange). */
export const CHAT_STALE_CODES: readonly ApiErrorCode[] = codesOf<ChatRefusal>([CHAT_REFUSALS], (entry) => entry.stale === true);
