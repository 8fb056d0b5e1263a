import type { Faker } from '@faker-js/faker';
import {
  BOOKING_STATUS,
  distanceMeters,
  MAT_STATUS,
  offsetPoint,
  ORDER_STATUS,
  STOCK_CAUSE,
  STOCK_CONDITION,
  type MatStatus,
  type OrderStatusId,
  type StockCause,
  type StockCondition,
} from '@gerai/contract';
import type {
  cancelRequests,
  chatMessages,
  chatRooms,
  materialTransferItems,
  materialTransfers,
  podApprovalRequests,
  returnLines,
  returns,
  stockBookingDetails,
  stockBookings,
  ticketComments,
  tickets,
} from '../db/schema';
import type { StockMove } from '../modules/stock';
import type { ProductRow } from './catalog';
import { DEMO_REFERENCE_DATE, PAPER_BAG, RETURN_REASONS } from './demo-data';
import type { SeedOrder } from './orders';

/** User ids of the demo accounts, as seeded. */
export interface DemoUserIds {
  staffT001: number;
  staffT002: number;
  chief: number;
  helpdesk: number;
}

export interface Activity {
  bookings: Array<typeof stockBookings.$inferInsert>;
  bookingDetails: Array<typeof stockBookingDetails.$inferInsert>;
  transfers: Array<typeof materialTransfers.$inferInsert>;
  transferItems: Array<typeof materialTransferItems.$inferInsert>;
  podApprovals: Array<typeof podApprovalRequests.$inferInsert>;
  cancelRequests: Array<typeof cancelRequests.$inferInsert>;
  returns: Array<typeof returns.$inferInsert>;
  returnLines: Array<typeof returnLines.$inferInsert>;
  chatRooms: Array<typeof chatRooms.$inferInsert>;
  chatMessages: Array<typeof chatMessages.$inferInsert>;
  tickets: Array<typeof tickets.$inferInsert>;
  ticketComments: Array<typeof ticketComments.$inferInsert>;
  /** Stock set after the counted stock and before the ledger opens: the booked product of a booking's order and what a taken booking holds. */
  emptyStock: Array<{ storeCode: string; productId: string; qty?: number; qtyReserved?: number }>;
  /** Opening sellable stock raised to at least this before the ledger opens: what a sender sent. */
  stockAtLeast: Array<{ storeCode: string; productId: string; qty: number }>;
  /** The ledger rows the seeded transfers' steps wrote (send, then cancel or receive), applied after the opening rows. */
  transferMoves: StockMove[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const yymmdd = (d: Date) => d.toISOString().slice(2, 10).replace(/-/g, '');
/** A moment `f` of the way from a to b. */
const between = (a: Date, b: Date, f: number) => new Date(Math.round(a.getTime() + (b.getTime() - a.getTime()) * f));

/**
 * Bookings, transfers, approvals, returns, chat and tickets around T001/T002, so every screen has data.
 * `matPinHash` is the hash of DEMO_MAT_PIN, made once by the caller (scrypt is slow) and shared by every transfer.
 */
export function buildActivity(faker: Faker, orders: SeedOrder[], products: ProductRow[], users: DemoUserIds, now: Date, matPinHash: string): Activity {
  const of = (storeCode: string, statusId: OrderStatusId) => orders.filter((o) => o.order.storeCode === storeCode && o.order.statusId === statusId);
  const nth = (list: SeedOrder[], i: number): SeedOrder => {
    const o = list[i];
    if (!o) throw new Error('demo seed: a fixed order spec is missing');
    return o;
  };
  const a: Activity = {
    bookings: [],
    bookingDetails: [],
    transfers: [],
    transferItems: [],
    podApprovals: [],
    cancelRequests: [],
    returns: [],
    returnLines: [],
    chatRooms: [],
    chatMessages: [],
    tickets: [],
    ticketComments: [],
    emptyStock: [],
    stockAtLeast: [],
    transferMoves: [],
  };

  // Stock bookings: every detail status, T001 both asking and being asked (decision 88: one detail per
  // booking, re-addressed after a refusal, the refusing stores kept in refusedBy).
  const B = BOOKING_STATUS;
  const bookingPlan: Array<{ order: SeedOrder; isKelurahan: boolean; store: string; status: number; refusedBy: string[] }> = [
    { order: nth(of('T001', ORDER_STATUS.PACKING), 0), isKelurahan: true, store: 'T003', status: B.WAITING, refusedBy: [] },
    { order: nth(of('T001', ORDER_STATUS.PACKING), 1), isKelurahan: false, store: 'T003', status: B.TAKEN, refusedBy: ['T002'] },
    { order: nth(of('T001', ORDER_STATUS.PACKING), 2), isKelurahan: false, store: 'T002', status: B.DONE, refusedBy: [] },
    { order: nth(of('T002', ORDER_STATUS.PACKING), 0), isKelurahan: false, store: 'T003', status: B.REFUSED, refusedBy: ['T003'] },
  ];
  bookingPlan.forEach((plan, i) => {
    const line = plan.order.lines[0]!;
    // The short units are booked, not out of stock: the order is charged for them and they are picked once they arrive.
    const booked = line.qtyOos;
    plan.order.order.price = (plan.order.order.price ?? 0) + line.price * booked;
    line.qtyOos = 0;
    const createdAt = between(plan.order.order.claimedAt!, now, 0.3);
    const id = i + 1;
    a.bookings.push({
      id,
      bookingNo: `BK${yymmdd(DEMO_REFERENCE_DATE)}${String(id).padStart(6, '0')}`,
      orderId: plan.order.order.id,
      lineId: line.id,
      storeCode: plan.order.order.storeCode,
      productId: line.productId,
      qtyOos: booked,
      isKelurahan: plan.isKelurahan,
      status: plan.status,
      createdAt,
      updatedAt: between(createdAt, now, 0.5),
    });
    const taken = plan.status === B.TAKEN || plan.status === B.DONE;
    a.emptyStock.push({ storeCode: plan.order.order.storeCode, productId: line.productId, qty: plan.status === B.DONE ? booked : 0 });
    if (plan.status === B.TAKEN) a.emptyStock.push({ storeCode: plan.store, productId: line.productId, qtyReserved: booked });
    a.bookingDetails.push({
      id,
      bookingId: id,
      storeCode: plan.store,
      status: plan.status,
      storeTaken: taken ? plan.store : null,
      stockTaken: taken ? booked : null,
      refusedBy: plan.refusedBy,
      takenAt: taken ? between(createdAt, now, 0.3) : null,
      receivedAt: plan.status === B.DONE ? between(createdAt, now, 0.6) : null,
      createdAt,
      updatedAt: between(createdAt, now, plan.status === B.WAITING ? 0 : 0.5),
    });
  });

  // Material transfers T001 ↔ T002 in every status (decision 89), each with the ledger rows its steps wrote.
  // Products a booking empties or reserves stay out, so the bookings' stock stays as seeded.
  const bookedProducts = new Set(a.emptyStock.map((e) => e.productId));
  const sendable = products.filter((p) => p.productId !== PAPER_BAG.productId && !bookedProducts.has(p.productId));
  const staffOf: Record<string, number> = { T001: users.staffT001, T002: users.staffT002 };
  const MAT_AGE_DAYS: Record<MatStatus, [number, number]> = { new: [0.1, 1], process: [0.3, 2], finish: [2, 10], cancel: [1, 7] };
  const notes = ['Permintaan stok untuk promo akhir pekan', 'Kelebihan stok dikirim ke toko tetangga', 'Titipan barang dari area supervisor', null];
  const floor = new Map<string, { storeCode: string; productId: string; qty: number }>();
  let transferId = 0;
  for (const [sender, receiver] of [
    ['T001', 'T002'],
    ['T002', 'T001'],
  ] as const) {
    for (const status of [MAT_STATUS.NEW, MAT_STATUS.PROCESS, MAT_STATUS.FINISH, MAT_STATUS.CANCEL]) {
      const id = ++transferId;
      const ref = `mat:${id}`;
      const [minDays, maxDays] = MAT_AGE_DAYS[status];
      const ageMs = faker.number.float({ min: minDays, max: maxDays }) * DAY;
      const createdAt = new Date(now.getTime() - ageMs);
      const confirmed = status === MAT_STATUS.PROCESS || status === MAT_STATUS.FINISH;
      const confirmedAt = confirmed ? new Date(createdAt.getTime() + faker.number.int({ min: 30, max: 120 }) * MINUTE) : null;
      const finishedAt = status === MAT_STATUS.FINISH && confirmedAt ? new Date(confirmedAt.getTime() + faker.number.int({ min: 60, max: 300 }) * MINUTE) : null;
      const cancelledAt = status === MAT_STATUS.CANCEL ? new Date(createdAt.getTime() + faker.number.int({ min: 60, max: 720 }) * MINUTE) : null;
      a.transfers.push({
        id,
        // The app's numbering (MAT + yymmdd + 6-digit id), the day taken from the fixed reference date.
        matNo: `MAT${yymmdd(new Date(DEMO_REFERENCE_DATE.getTime() - ageMs))}${String(id).padStart(6, '0')}`,
        senderStoreCode: sender,
        receiverStoreCode: receiver,
        status,
        pinHash: matPinHash,
        idTbsms: `TBS${faker.string.numeric(10)}${String(id).padStart(2, '0')}`,
        note: faker.helpers.arrayElement(notes),
        createdBy: staffOf[sender],
        confirmedAt,
        confirmedBy: confirmedAt ? staffOf[receiver] : null,
        finishedAt,
        finishedBy: finishedAt ? staffOf[receiver] : null,
        cancelledAt,
        cancelledBy: cancelledAt ? staffOf[sender] : null,
        createdAt,
        updatedAt: finishedAt ?? cancelledAt ?? confirmedAt ?? createdAt,
      });
      const items = faker.helpers.arrayElements(sendable, faker.number.int({ min: 1, max: 4 }));
      items.forEach((p, i) => {
        // One finished transfer arrives one unit short, so the receipt shows a difference with its reason.
        const short = status === MAT_STATUS.FINISH && sender === 'T002' && i === 0;
        const qtySent = faker.number.int({ min: short ? 2 : 1, max: 12 });
        const qtyReceived = status === MAT_STATUS.FINISH ? qtySent - (short ? 1 : 0) : null;
        a.transferItems.push({ transferId: id, productId: p.productId, qtySent, qtyReceived, discrepancyReason: short ? 'missing' : null, discrepancyNote: null });

        const move = (storeCode: string, delta: number, condition: StockCondition, cause: StockCause, actor: number | undefined): StockMove => ({
          storeCode,
          productId: p.productId,
          delta,
          condition,
          cause,
          ref,
          actorUserId: actor ?? null,
        });
        const C = STOCK_CONDITION;
        a.transferMoves.push(move(sender, -qtySent, C.SELLABLE, STOCK_CAUSE.TRANSFER_SEND, staffOf[sender]), move(sender, qtySent, C.IN_TRANSIT, STOCK_CAUSE.TRANSFER_SEND, staffOf[sender]));
        if (status === MAT_STATUS.CANCEL) {
          a.transferMoves.push(move(sender, -qtySent, C.IN_TRANSIT, STOCK_CAUSE.TRANSFER_CANCEL, staffOf[sender]), move(sender, qtySent, C.SELLABLE, STOCK_CAUSE.TRANSFER_CANCEL, staffOf[sender]));
        } else if (status === MAT_STATUS.FINISH) {
          a.transferMoves.push(move(sender, -qtySent, C.IN_TRANSIT, STOCK_CAUSE.TRANSFER_RECEIVE, staffOf[receiver]));
          if (qtyReceived) a.transferMoves.push(move(receiver, qtyReceived, C.SELLABLE, STOCK_CAUSE.TRANSFER_RECEIVE, staffOf[receiver]));
        }
        // The sender held what it sent: every send of the product counted, as if none had come back yet.
        const key = `${sender}|${p.productId}`;
        const f = floor.get(key) ?? { storeCode: sender, productId: p.productId, qty: 0 };
        floor.set(key, { ...f, qty: f.qty + qtySent });
      });
    }
  }
  a.stockAtLeast.push(...floor.values());

  // POD approval requests: pending, rejected and approved, for the chief and the supervisor to decide.
  const inProgressT001 = of('T001', ORDER_STATUS.IN_PROGRESS);
  const completedT001 = of('T001', ORDER_STATUS.COMPLETED);
  const approvalPlan: Array<{ o: SeedOrder; status: 'pending' | 'rejected' | 'approved'; reasonId: number | null; reasonText?: string; by: number; decider?: number }> = [
    { o: nth(inProgressT001, 0), status: 'pending', reasonId: 1, by: users.staffT001 },
    { o: nth(inProgressT001, 1), status: 'pending', reasonId: null, reasonText: 'Pelanggan minta diantar ke kantornya', by: users.staffT001 },
    { o: nth(inProgressT001, 2), status: 'rejected', reasonId: 4, by: users.staffT001, decider: users.chief },
    { o: nth(completedT001, 0), status: 'approved', reasonId: 2, by: users.staffT001, decider: users.chief },
    { o: nth(of('T002', ORDER_STATUS.IN_PROGRESS), 0), status: 'pending', reasonId: 3, by: users.staffT002 },
  ];
  for (const plan of approvalPlan) {
    const o = plan.o.order;
    const home = { lat: o.customerLat!, lng: o.customerLng! };
    const point = offsetPoint(home.lat, home.lng, faker.number.int({ min: 300, max: 900 }), faker.number.float({ min: 0, max: 2 * Math.PI }));
    const distanceM = Math.round(distanceMeters(home, point));
    const accuracy = faker.number.int({ min: 5, max: 40 });
    const requestDate = o.completedAt ? between(o.packedAt!, o.completedAt, 0.6) : between(o.packedAt!, now, 0.5);
    const decidedAt = plan.status === 'pending' ? null : (o.completedAt ?? between(requestDate, now, 0.5));
    a.podApprovals.push({
      orderId: o.id,
      shipmentNo: o.shipmentNo,
      deliveryType: o.deliveryType,
      type: 'order',
      reasonId: plan.reasonId,
      reasonText: plan.reasonText ?? null,
      lat: point.lat,
      lng: point.lng,
      accuracy,
      distanceM,
      requestedBy: plan.by,
      status: plan.status,
      decidedBy: plan.decider ?? null,
      decidedAt,
      rejectReasonId: plan.status === 'rejected' ? 1 : null,
      rejectReasonText: null,
      requestDate,
    });
    // The approved delivery's POD was taken where the request was made.
    if (plan.status === 'approved' && plan.o.pod) Object.assign(plan.o.pod, { lat: point.lat, long: point.lng, accuracy, distanceM, isValidate: false });
  }

  // A cancellation waiting for the chief.
  const newT001 = of('T001', ORDER_STATUS.NEW);
  const waiting = nth(newT001, newT001.length - 1).order;
  a.cancelRequests.push({ orderId: waiting.id, reasonId: 2, reasonText: null, requestedInStatus: ORDER_STATUS.NEW, requestedBy: users.staffT001, status: 'pending', createdAt: between(waiting.createdAt!, now, 0.5) });

  // Returns in every status.
  const historyT001 = of('T001', ORDER_STATUS.HISTORY);
  // Only a delivered order's goods are collected at the customer's address (RETURN_FLOW).
  const collectFrom = historyT001.findIndex((h) => h.order.deliveryType === 1);
  const usedForReturns = new Set<number>();
  (['collected', 'requested', 'approved', 'received', 'refunded', 'rejected'] as const).forEach((status, i) => {
    let at = status === 'collected' ? collectFrom : i;
    while (usedForReturns.has(at)) at++;
    usedForReturns.add(at);
    const so = nth(historyT001, at);
    const o = so.order;
    const id = i + 1;
    const createdAt = between(o.archivedAt!, now, 0.4);
    const goodsBack = status === 'received' || status === 'refunded';
    const receivedAt = goodsBack ? between(createdAt, now, 0.6) : null;
    const reasonIndex = faker.number.int({ min: 0, max: RETURN_REASONS.length - 1 });
    const back = goodsBack || status === 'collected' ? offsetPoint(o.customerLat!, o.customerLng!, faker.number.int({ min: 5, max: 60 }), faker.number.float({ min: 0, max: 2 * Math.PI })) : null;
    a.returns.push({
      id,
      orderId: o.id,
      shipmentNo: o.shipmentNo,
      storeCode: o.storeCode,
      deliveryType: o.deliveryType,
      reason: RETURN_REASONS[reasonIndex]!,
      reasonId: reasonIndex + 1,
      decisionNote: status === 'rejected' ? 'Kemasan masih tersegel, produk sesuai pesanan' : null,
      status,
      requestedBy: users.staffT001,
      decidedBy: status === 'requested' ? null : users.chief,
      decidedAt: status === 'requested' ? null : between(createdAt, now, 0.3),
      receivedAt,
      receivedBy: receivedAt ? users.staffT001 : null,
      collectedAt: back && o.deliveryType === 1 ? between(createdAt, now, 0.5) : null,
      collectedBy: back && o.deliveryType === 1 ? users.staffT001 : null,
      refundedAt: status === 'refunded' ? between(receivedAt!, now, 0.5) : null,
      refundedBy: status === 'refunded' ? users.chief : null,
      lat: back?.lat ?? null,
      lng: back?.lng ?? null,
      createdAt,
      updatedAt: receivedAt ?? createdAt,
    });
    for (const l of so.lines.filter((x) => x.qtyPicked > 0).slice(0, 2)) {
      const qty = faker.number.int({ min: 1, max: l.qtyPicked });
      a.returnLines.push({ returnId: id, orderLineId: l.id, productId: l.productId, qty, qtyReceived: goodsBack ? qty : null, condition: goodsBack ? 'sellable' : null });
    }
  });

  // Chat with customers of orders on the way and one short of stock.
  const chats: Array<{ so: SeedOrder; lines: Array<['store' | 'customer', string]> }> = [
    {
      so: nth(inProgressT001, 0),
      lines: [
        ['store', 'Halo Kak, pesanan Anda sudah siap dan segera kami antar.'],
        ['customer', 'Baik, terima kasih. Kira-kira sampai jam berapa ya?'],
        ['store', 'Sekitar 20 menit lagi ya Kak.'],
        ['customer', 'Oke, kalau saya tidak ada titip di pos satpam saja.'],
      ],
    },
    {
      so: nth(inProgressT001, 1),
      lines: [
        ['customer', 'Mas, alamatnya pindah ke kantor saya di ujung jalan ya.'],
        ['store', 'Baik Kak, kami ajukan dulu perubahan lokasinya. Mohon ditunggu.'],
      ],
    },
    {
      so: nth(of('T001', ORDER_STATUS.PACKING), 0),
      lines: [
        ['store', `Mohon maaf Kak, ${nth(of('T001', ORDER_STATUS.PACKING), 0).lines[0]!.name} sedang kosong. Kami carikan dari toko terdekat, boleh ditunggu?`],
        ['customer', 'Boleh, asal hari ini sampai ya.'],
      ],
    },
  ];
  let messageId = 0;
  chats.forEach(({ so, lines }, i) => {
    const o = so.order;
    const roomId = i + 1;
    const start = o.claimedAt!;
    a.chatRooms.push({ id: roomId, orderId: o.id, shipmentNo: o.shipmentNo, orderNo: o.orderNo, createdAt: start });
    lines.forEach(([sender, body], k) => {
      const createdAt = between(start, now, (k + 1) / (lines.length + 1));
      a.chatMessages.push({
        id: ++messageId,
        roomId,
        sender,
        userId: sender === 'store' ? users.staffT001 : null,
        body,
        createdAt,
        // The channel accepted every seeded store message.
        deliveredAt: sender === 'store' ? createdAt : null,
        readAt: k < lines.length - 1 ? between(createdAt, now, 0.2) : null,
      });
    });
  });

  // Help tickets: one open and one resolved for T001, one in progress for T002.
  const ticketPlan: Array<{ so: SeedOrder; status: string; problemId: number; description: string; staff: string; by: number; comments: Array<[number, string]> }> = [
    {
      so: nth(inProgressT001, 4),
      status: 'open',
      problemId: 3,
      description: 'Semua produk sudah di-scan dan dikemas, tetapi status di aplikasi channel belum berubah. Pelanggan sudah menunggu di toko.',
      staff: 'Budi Santoso',
      by: users.staffT001,
      comments: [
        [users.staffT001, 'Mohon dibantu dicek, pelanggan sudah di kasir.'],
        [users.helpdesk, 'Baik, kami cek ke tim channel. Mohon ditunggu sebentar.'],
      ],
    },
    {
      so: nth(historyT001, 5),
      status: 'resolved',
      problemId: 2,
      description: 'Barcode salah satu produk tidak terbaca dan tidak cocok dengan data pesanan.',
      staff: 'Agus Setiawan',
      by: users.chief,
      comments: [
        [users.chief, 'Sudah dicoba scan manual tetap ditolak.'],
        [users.helpdesk, 'Data barcode produk sudah kami perbarui. Silakan coba lagi.'],
        [users.chief, 'Sudah bisa, terima kasih.'],
      ],
    },
    {
      so: nth(of('T002', ORDER_STATUS.COMPLETED), 0),
      status: 'in_progress',
      problemId: 5,
      description: 'Pelanggan menyebut pembayaran terpotong dua kali.',
      staff: 'Siti Rahmawati',
      by: users.staffT002,
      comments: [[users.helpdesk, 'Sedang kami konfirmasi ke tim pembayaran.']],
    },
  ];
  let commentId = 0;
  ticketPlan.forEach((plan, i) => {
    const o = plan.so.order;
    const id = i + 1;
    const createdAt = between(o.createdAt!, now, 0.5);
    a.tickets.push({
      id,
      shipmentNo: o.shipmentNo,
      orderNo: o.orderNo,
      orderId: o.id,
      storeCode: o.storeCode,
      description: plan.description,
      staffName: plan.staff,
      applicationId: o.appId,
      problemId: plan.problemId,
      status: plan.status,
      createdBy: plan.by,
      // The store may reopen a resolved ticket within TICKET_REOPEN_DAYS of this.
      resolvedAt: plan.status === 'resolved' ? between(createdAt, now, 0.8) : null,
      createdAt,
      updatedAt: between(createdAt, now, 0.8),
    });
    plan.comments.forEach(([userId, body], k) => {
      a.ticketComments.push({ id: ++commentId, ticketId: id, userId, body, createdAt: between(createdAt, now, (k + 1) / (plan.comments.length + 1)) });
    });
  });

  return a;
}
