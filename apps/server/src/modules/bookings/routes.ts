import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BOOKING_LIMITS,
  bookingCountSchema,
  bookingCreateBodySchema,
  bookingDetailSchema,
  bookingEmptyBodySchema,
  bookingGroupQuerySchema,
  bookingItemSchema,
  bookingListQuerySchema,
  bookingParamsSchema,
  bookingProductGroupSchema,
  bookingProposalQuerySchema,
  bookingProposalSchema,
  bookingReceiveBodySchema,
  bookingRefuseBodySchema,
  bookingReofferBodySchema,
  bookingStoreGroupSchema,
  bookingStoreSchema,
  bookingStoresQuerySchema,
  envelope,
  pageOf,
} from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import { requireActiveStore } from '../../platform/scope';
import { cachedStockReply } from '../stock';
import { access, changeReplies, errorReplies, findReplies, ok, readReplies } from '../../platform/route-kit';
import { bookingsByProduct, bookingsByStore, countBookings, listBookings } from './queries';
import { getProposal, listBookingStores } from './serving';
import { getBookingDetail } from './views';
import { cancelBooking, createBooking, receiveBooking, refuseBooking, reofferBooking, takeBooking } from './service';

const session = () => access({ auth: 'session' });
const STATUS_CHANGED = 'A booking no longer in the step\'s starting status (another phone took the step first, or it was cancelled) → 409 `BOOKING_STATUS_CHANGED`.';
const SCOPE = "A booking is seen by whoever may see the store that booked it or the store it is addressed to now (else 404 `BOOKING_NOT_FOUND`); a caller who sees it from the other side gets 403 (`BOOKING_NOT_ADDRESSED`: only the addressed store takes or refuses; `BOOKING_NOT_ORDERING`: only the ordering store re-offers, receives or cancels).";

/** Stock bookings between stores (decision 88): propose, book, take or refuse, re-offer, receive, cancel. */
export async function bookingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/bookings/stores',
    {
      ...session(),
      schema: {
        tags: ['bookings'],
        summary: 'Stores other than mine with at least `qty` sellable units of a product: my kelurahan first, then my kecamatan, then by distance',
        description: `\`scope\`: \`kelurahan\` (my kelurahan), \`kecamatan\` (my kecamatan, the kelurahan first), \`nearby\` (both, then the rest by distance, at most ${BOOKING_LIMITS.nearbyStores}); within a ring by distance. \`bookID\` leaves out the stores that refused that booking and the one it is addressed to (404 \`BOOKING_NOT_FOUND\` for a booking the caller cannot see). \`q\` searches store code and name.`,
        querystring: bookingStoresQuerySchema,
        response: { 200: envelope(pageOf(bookingStoreSchema)), ...findReplies },
      },
    },
    async (req) => {
      const p = principalOf(req);
      // A re-offer (bookID) reads a booking the caller must be allowed to see: never from the cache.
      if (req.query.bookID !== undefined) return ok(await listBookingStores(app.db, p, req.query));
      return ok(await cachedStockReply(app, `stores ${requireActiveStore(p)} ${JSON.stringify(req.query)}`, () => listBookingStores(app.db, p, req.query)));
    },
  );

  app.get(
    '/api/bookings/proposal',
    {
      ...session(),
      schema: {
        tags: ['bookings'],
        summary: `A line of an order being picked: what it lacks (qty − picked − out of stock − booked) and up to ${BOOKING_LIMITS.proposalStores} stores that have that much, kelurahan first, then kecamatan, then by distance`,
        description: 'An order the caller cannot see, or a line not of the order → 404; an order not in picking (1102) → 409 `BOOKING_ORDER_NOT_PICKING`. No stores when the line lacks nothing.',
        querystring: bookingProposalQuerySchema,
        response: { 200: envelope(bookingProposalSchema), ...errorReplies(400, 401, 404, 409) },
      },
    },
    async (req) => ok(await getProposal(app.db, principalOf(req), req.query.shipmentNo, req.query.lineId)),
  );

  app.post(
    '/api/bookings',
    {
      ...session(),
      schema: {
        tags: ['bookings'],
        summary: "Book what a line of an order being picked lacks from another store; nothing is reserved until that store takes it",
        description:
          "Under the order's row lock: an order the caller cannot see or a line not of the order → 404; not in picking (1102) → 409 `BOOKING_ORDER_NOT_PICKING`; more than the line lacks → 422 `BOOKING_QTY_EXCEEDS`; the order's own store → 422 `BOOKING_OWN_STORE`; an unknown store → 422 `STORE_UNKNOWN`; a store with fewer sellable units → 409 `BOOKING_STORE_STOCK_SHORT`. Event `booking.requested` to both stores.",
        body: bookingCreateBodySchema,
        response: { 201: envelope(bookingDetailSchema), ...changeReplies },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await createBooking(app.db, principalOf(req), req.body))),
  );

  app.get(
    '/api/bookings',
    {
      ...session(),
      schema: {
        tags: ['bookings'],
        summary: "My store's bookings by page and params, newest first: `out` booked by my store, `in` addressed to it now (both when no direction)",
        description: '`storeCode` is the other store; `q` searches bookingNo, shipmentNo and the product name; cancelled bookings only with `includeCancelled=true`.',
        querystring: bookingListQuerySchema,
        response: { 200: envelope(pageOf(bookingItemSchema)), ...readReplies },
      },
    },
    async (req) => ok(await listBookings(app.db, principalOf(req), req.query)),
  );

  app.get(
    '/api/bookings/by-product',
    {
      ...session(),
      schema: {
        tags: ['bookings'],
        summary: "My store's bookings per product with counts per status (not cancelled), latest first",
        querystring: bookingGroupQuerySchema,
        response: { 200: envelope(pageOf(bookingProductGroupSchema)), ...readReplies },
      },
    },
    async (req) => ok(await bookingsByProduct(app.db, principalOf(req), req.query)),
  );

  app.get(
    '/api/bookings/by-store',
    {
      ...session(),
      schema: {
        tags: ['bookings'],
        summary: "My store's bookings per other store with counts per status (not cancelled), its distance from mine and whether it is in my kelurahan",
        querystring: bookingGroupQuerySchema,
        response: { 200: envelope(pageOf(bookingStoreGroupSchema)), ...readReplies },
      },
    },
    async (req) => ok(await bookingsByStore(app.db, principalOf(req), req.query)),
  );

  app.get(
    '/api/bookings/count',
    {
      ...session(),
      schema: {
        tags: ['bookings'],
        summary: 'What waits on my store (addressed to it: waiting, taken) and my open bookings per status',
        response: { 200: envelope(bookingCountSchema), ...readReplies },
      },
    },
    async (req) => ok(await countBookings(app.db, principalOf(req))),
  );

  app.get(
    '/api/bookings/:bookID',
    {
      ...session(),
      schema: {
        tags: ['bookings'],
        summary: 'One booking (`/get-product/:id`): both stores, the status, what the caller may do now and its history',
        description: `${SCOPE} A store that refused it and is no longer addressed still reads it, as it was when it refused (\`refusedByMe\`: addressed to it, 1134, its own reason, its history up to its refusal, no actions): a normal answer, not a 404.`,
        params: bookingParamsSchema,
        response: { 200: envelope(bookingDetailSchema), ...findReplies },
      },
    },
    async (req) => ok(await getBookingDetail(app.db, principalOf(req), req.params.bookID)),
  );

  const stepSchema = (summary: string, description: string) => ({
    tags: ['bookings'],
    summary,
    description: `${description} ${SCOPE} ${STATUS_CHANGED}`,
    params: bookingParamsSchema,
    response: { 200: envelope(bookingDetailSchema), ...changeReplies },
  });

  app.post(
    '/api/bookings/:bookID/take',
    {
      ...session(),
      schema: {
        ...stepSchema(
          'The addressed store takes the booking (1131 → 1132): its sellable units move to reserved',
          'Fewer sellable units on hand than booked → 409 `BOOKING_STOCK_SHORT`. storeTaken and stockTaken are set. Event `booking.taken` to both stores.',
        ),
        body: bookingEmptyBodySchema,
      },
    },
    async (req) => ok(await takeBooking(app.db, principalOf(req), req.params.bookID)),
  );

  app.post(
    '/api/bookings/:bookID/refuse',
    {
      ...session(),
      schema: {
        ...stepSchema('The addressed store refuses the booking (1131 → 1134), optionally saying why', 'The store is never offered this booking again. Event `booking.refused` to both stores.'),
        body: bookingRefuseBodySchema,
      },
    },
    async (req) => ok(await refuseBooking(app.db, principalOf(req), req.params.bookID, req.body)),
  );

  app.post(
    '/api/bookings/:bookID/reoffer',
    {
      ...session(),
      schema: {
        ...stepSchema(
          'The ordering store offers a refused booking to another store (1134 → 1131)',
          'Its own store → 422 `BOOKING_OWN_STORE`; a store that refused it → 422 `BOOKING_STORE_REFUSED`; an unknown store → 422 `STORE_UNKNOWN`; fewer sellable units than booked → 409 `BOOKING_STORE_STOCK_SHORT`. Event `booking.reoffered` to the ordering store, the new and the previous addressee.',
        ),
        body: bookingReofferBodySchema,
      },
    },
    async (req) => ok(await reofferBooking(app.db, principalOf(req), req.params.bookID, req.body)),
  );

  app.post(
    '/api/bookings/:bookID/receive',
    {
      ...session(),
      schema: {
        ...stepSchema(
          'The ordering store scans the goods of a taken booking (1132 → 1133): the reserved units leave the serving store and enter my sellable stock',
          "A barcode that is not the product's (EAN-13 or productID) → 422 `BOOKING_BARCODE_MISMATCH`; a quantity other than stockTaken → 422 `BOOKING_RECEIVE_QTY_MISMATCH`. Event `booking.received` to both stores.",
        ),
        body: bookingReceiveBodySchema,
      },
    },
    async (req) => ok(await receiveBooking(app.db, principalOf(req), req.params.bookID, req.body)),
  );

  app.post(
    '/api/bookings/:bookID/cancel',
    {
      ...session(),
      schema: {
        ...stepSchema(
          'The ordering store cancels a booking that has not arrived (1131, 1134, 1132)',
          'A taken booking gives its reserved units back to the serving store. A received one (1133) → 409. Event `booking.cancelled` to both stores.',
        ),
        body: bookingEmptyBodySchema,
      },
    },
    async (req) => ok(await cancelBooking(app.db, principalOf(req), req.params.bookID)),
  );
}
