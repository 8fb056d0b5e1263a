import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  pageOf,
  ROLE,
  TRANSFER_LIMITS,
  transferConfirmBodySchema,
  transferCountQuerySchema,
  transferCountSchema,
  transferCreateBodySchema,
  transferDetailSchema,
  transferEmptyBodySchema,
  transferFinishBodySchema,
  transferItemSchema,
  transferListQuerySchema,
  transferParamsSchema,
  transferStoreSchema,
  transferStoresQuerySchema,
  transferTbsmsParamsSchema,
  transferWatchQuerySchema,
  transferWithSecretSchema,
} from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import { access, changeReplies, errorReplies, findReplies, ok, readReplies, roleReadReplies } from '../../platform/route-kit';
import { countTransfers, listDiscrepancies, listLocked, listTransfers, listTransferStores } from './queries';
import { getTransferDetail } from './views';
import { cancelTransfer, confirmTransfer, createTransfer, finishTransfer, reissuePin, unlockTransfer } from './service';

const session = () => access({ auth: 'session' });
/** Replies that carry the PIN: the idempotency log keeps them with `secret: null` (a replay answers no PIN). */
const SECRET_REPLY = { replySecrets: ['secret'] } as const;
const STATUS_CHANGED = 'A transfer no longer in the step\'s starting status (another phone took the step first, or it was cancelled) → 409 `TRANSFER_STATUS_CHANGED`.';
const SCOPE =
  'A transfer is seen by whoever may see its sender or its receiver (else 404 `TRANSFER_NOT_FOUND`); a caller who sees it from the other side gets 403 (`TRANSFER_NOT_SENDER`: only the sender cancels or issues a PIN; `TRANSFER_NOT_RECEIVER`: only the receiver confirms or finishes).';
const LOCKED = `${TRANSFER_LIMITS.pinMaxTries} wrong PINs lock a transfer → 423 \`TRANSFER_LOCKED\` until an area supervisor unlocks it.`;
const lockedReplies = { ...changeReplies, ...errorReplies(423) };

/** Material transfers between stores (decision 89): send, cancel, new PIN, confirm by PIN or QR, finish, unlock. */
export async function transferRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/transfers/stores',
    {
      ...session(),
      schema: {
        tags: ['transfers'],
        summary: 'Stores of the chain a transfer may be sent to: every store but mine whose code or name contains `q`, by code',
        querystring: transferStoresQuerySchema,
        response: { 200: envelope(pageOf(transferStoreSchema)), ...readReplies },
      },
    },
    async (req) => ok(await listTransferStores(app.db, principalOf(req), req.query)),
  );

  app.post(
    '/api/transfers',
    {
      ...session(),
      config: SECRET_REPLY,
      schema: {
        tags: ['transfers'],
        summary: 'Send products from my store to another: the units leave my sellable stock for in transit, and the transfer gets its PIN (answered once)',
        description:
          'My store → 422 `TRANSFER_SAME_STORE`; an unknown store → 422 `STORE_UNKNOWN`; an unknown product → 422 `TRANSFER_PRODUCT_UNKNOWN` (a detail per line); more than my sellable units → 409 `TRANSFER_STOCK_SHORT` (a detail per line). The PIN and its QR value are in `secret`; a replay of the same Idempotency-Key answers `secret: null` (issue a new PIN). Event `transfer.sent` to both stores.',
        body: transferCreateBodySchema,
        response: { 201: envelope(transferWithSecretSchema), ...changeReplies },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await createTransfer(app.db, principalOf(req), req.body))),
  );

  app.get(
    '/api/transfers',
    {
      ...session(),
      schema: {
        tags: ['transfers'],
        summary: "My store's transfers of one side (`out` sent by it, `in` addressed to it), newest first",
        description: '`status` one MAT status; `startDate`/`endDate` WIB days of sending; `q` the matNo or the other store\'s code or name.',
        querystring: transferListQuerySchema,
        response: { 200: envelope(pageOf(transferItemSchema)), ...readReplies },
      },
    },
    async (req) => ok(await listTransfers(app.db, principalOf(req), req.query)),
  );

  app.get(
    '/api/transfers/count',
    {
      ...session(),
      schema: {
        tags: ['transfers'],
        summary: "My store's transfers per status, as sender and as receiver (a side whose flag is false: null)",
        querystring: transferCountQuerySchema,
        response: { 200: envelope(transferCountSchema), ...readReplies },
      },
    },
    async (req) => ok(await countTransfers(app.db, principalOf(req), req.query)),
  );

  const watch = (summary: string) => ({
    ...access({ auth: 'session', minRole: ROLE.STORE_CHIEF }),
    schema: {
      tags: ['transfers'],
      summary,
      description: "The transfers of the stores the caller sees (kepala toko: own store; area supervisor: the area), newest first; `storeCode` one of them (a store the caller cannot see → 404). `side` relative to the active store.",
      querystring: transferWatchQuerySchema,
      response: { 200: envelope(pageOf(transferItemSchema)), ...roleReadReplies, ...errorReplies(404) },
    },
  });

  app.get('/api/transfers/discrepancies', watch('Finished transfers that arrived with units short'), async (req) => ok(await listDiscrepancies(app.db, principalOf(req), req.query)));
  app.get('/api/transfers/locked', watch(`Transfers locked by ${TRANSFER_LIMITS.pinMaxTries} wrong PINs, waiting for an area supervisor`), async (req) =>
    ok(await listLocked(app.db, principalOf(req), req.query)),
  );

  app.get(
    '/api/transfers/by-tbsms/:idTbsms',
    {
      ...session(),
      schema: {
        tags: ['transfers'],
        summary: 'One transfer by the receipt id its QR carries (`/confirm-mat/:status/:idTbsms`)',
        description: SCOPE,
        params: transferTbsmsParamsSchema,
        response: { 200: envelope(transferDetailSchema), ...findReplies },
      },
    },
    async (req) => ok(await getTransferDetail(app.db, principalOf(req), { idTbsms: req.params.idTbsms })),
  );

  app.get(
    '/api/transfers/:matNo',
    {
      ...session(),
      schema: {
        tags: ['transfers'],
        summary: 'One transfer: both stores, its lines, what the caller may do now, the PIN tries left and its history',
        description: SCOPE,
        params: transferParamsSchema,
        response: { 200: envelope(transferDetailSchema), ...findReplies },
      },
    },
    async (req) => ok(await getTransferDetail(app.db, principalOf(req), { matNo: req.params.matNo })),
  );

  app.post(
    '/api/transfers/:matNo/cancel',
    {
      ...session(),
      schema: {
        tags: ['transfers'],
        summary: 'The sender cancels a transfer still `new` (locked or not): the in-transit units return to its sellable stock',
        description: `${SCOPE} ${STATUS_CHANGED} Event \`transfer.cancelled\` to both stores.`,
        params: transferParamsSchema,
        body: transferEmptyBodySchema,
        response: { 200: envelope(transferDetailSchema), ...changeReplies },
      },
    },
    async (req) => ok(await cancelTransfer(app.db, principalOf(req), req.params.matNo)),
  );

  app.post(
    '/api/transfers/:matNo/reissue',
    {
      ...session(),
      config: SECRET_REPLY,
      schema: {
        tags: ['transfers'],
        summary: 'The sender issues a new PIN for a `new` transfer: the old one stops working and the wrong tries start again',
        description: `${SCOPE} ${STATUS_CHANGED} A locked transfer → 423 \`TRANSFER_LOCKED\`. The PIN is in \`secret\` (a replay answers \`secret: null\`). Event \`transfer.reissued\` to both stores.`,
        params: transferParamsSchema,
        body: transferEmptyBodySchema,
        response: { 200: envelope(transferWithSecretSchema), ...lockedReplies },
      },
    },
    async (req) => ok(await reissuePin(app.db, principalOf(req), req.params.matNo)),
  );

  app.post(
    '/api/transfers/by-tbsms/:idTbsms/confirm',
    {
      ...session(),
      schema: {
        tags: ['transfers'],
        summary: 'The receiver confirms the goods arrived with the PIN typed or the QR scanned (new → process)',
        description: `${SCOPE} ${STATUS_CHANGED} A QR that is not a MAT QR or names another transfer → 422 \`TRANSFER_QR_INVALID\` (no try counted). A wrong PIN (or an old QR) is counted even though refused → 422 \`TRANSFER_PIN_WRONG\` with the tries left; ${LOCKED} Event \`transfer.confirmed\` (or \`transfer.locked\`) to both stores.`,
        params: transferTbsmsParamsSchema,
        body: transferConfirmBodySchema,
        response: { 200: envelope(transferDetailSchema), ...lockedReplies },
      },
    },
    async (req) => ok(await confirmTransfer(app.db, principalOf(req), req.params.idTbsms, req.body)),
  );

  app.post(
    '/api/transfers/:matNo/finish',
    {
      ...session(),
      schema: {
        tags: ['transfers'],
        summary: 'The receiver says what arrived, line by line (process → finish): the in-transit units leave the sender, the counted ones enter my sellable stock',
        description: `${SCOPE} ${STATUS_CHANGED} Lines other than the transfer's → 422 \`TRANSFER_LINES_MISMATCH\`; more than sent → 422 \`TRANSFER_RECEIVED_EXCEEDS\`; a line short without a reason → 422 \`TRANSFER_REASON_REQUIRED\` (details per line). Event \`transfer.finished\` to both stores.`,
        params: transferParamsSchema,
        body: transferFinishBodySchema,
        response: { 200: envelope(transferDetailSchema), ...changeReplies },
      },
    },
    async (req) => ok(await finishTransfer(app.db, principalOf(req), req.params.matNo, req.body)),
  );

  app.post(
    '/api/transfers/:matNo/unlock',
    {
      ...access({ auth: 'session', minRole: ROLE.AREA_SUPERVISOR }),
      schema: {
        tags: ['transfers'],
        summary: 'An area supervisor (and above) of either store unlocks a transfer wrong PINs locked',
        description: `${SCOPE} A transfer that is not locked → 409 \`TRANSFER_NOT_LOCKED\`. Event \`transfer.unlocked\` to both stores.`,
        params: transferParamsSchema,
        body: transferEmptyBodySchema,
        response: { 200: envelope(transferDetailSchema), ...changeReplies },
      },
    },
    async (req) => ok(await unlockTransfer(app.db, principalOf(req), req.params.matNo)),
  );
}
