import { z } from 'zod';
import { PAGE_MAX, PAGE_SIZE_MAX, POD_REASON_OTHER } from '../limits';
import { FIELD_MESSAGES, SUCCESS } from '../messages';
import { isoDate, queryInt, request, text } from './primitives';

/** A refusal's particular: the field (`path`), its words, and the product it is about when it names a line (placed by id, never by text). */
export const errorDetailSchema = z.object({ path: z.string(), message: z.string(), productId: z.string().optional() });
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

/** `page` and `size` of a paged list, from the query string. */
export const pageFields = () => ({
  page: queryInt({ min: 1, max: PAGE_MAX }).default(1),
  size: queryInt({ min: 1, max: PAGE_SIZE_MAX }).default(20),
});

export const pageQuerySchema = request(z.object(pageFields()));
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  });
}

/** T and 3–5 digits: room for a chain of up to 99,999 stores (the benchmark's chain has 20,000). */
export const storeCodeSchema = text({ max: 10 }).regex(/^T\d{3,5}$/, FIELD_MESSAGES.storeCodeInvalid);
/** An optional store of the caller's scope in a query (blank = the whole scope). */
export const storeFilterSchema = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), storeCodeSchema.optional());
export const isoDateSchema = isoDate();

/** GET /api/stores: the stores the caller may work in, searched by code, name, kelurahan or kecamatan. */
export const storeListQuerySchema = request(z.object({ ...pageFields(), query: text({ max: 60 }).optional() }));
export type StoreListQuery = z.infer<typeof storeListQuerySchema>;

/** One entry of a reason list (POD, cancellation, return); the API appends "Lainnya" (id 0). */
export const reasonSchema = z.object({
  /** 0 is "Lainnya". */
  id: z.number().int(),
  label: z.string(),
  /** True for "Lainnya": a free text must be sent with it. */
  requiresText: z.boolean(),
});
export type Reason = z.infer<typeof reasonSchema>;
export const reasonListSchema = z.object({ items: z.array(reasonSchema) });
export type ReasonList = z.infer<typeof reasonListSchema>;

/** A store by its code and name and where it is, as a store list and a stock lookup both show it. */
export const storePlaceFields = {
  storeCode: z.string(),
  storeName: z.string(),
  address: z.string(),
  kelurahan: z.string(),
  kecamatan: z.string(),
  city: z.string(),
};

/** A chosen reason: the list's label, or "Lainnya" with the free text. */
export const chosenReasonSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  text: z.string().nullable(),
  /** What to show: the free text for "Lainnya", else the label (plus the note when given). */
  display: z.string(),
});
export type ChosenReason = z.infer<typeof chosenReasonSchema>;

/**
 * "Lainnya" (POD_REASON_OTHER) chosen as a reason needs the reason written out, at least `min` characters:
 * one rule for a cancellation, a return, a POD request and its rejection (`keys` names the last one's fields).
 */
export function refineOtherReason(
  min: number,
  keys: { id: string; text: string; message: string } = { id: 'reasonId', text: 'reasonText', message: FIELD_MESSAGES.reasonTextRequired },
) {
  return (b: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    const written = b[keys.text];
    if (b[keys.id] === POD_REASON_OTHER.id && (typeof written !== 'string' || written.length < min)) {
      ctx.addIssue({ code: 'custom', path: [keys.text], message: keys.message });
    }
  };
}
