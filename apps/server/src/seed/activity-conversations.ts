import { ORDER_STATUS } from '@gerai/contract';
import type { Activity } from './activity';
import { type ActivityContext, between } from './activity-context';
import type { SeedOrder } from './orders';

/** Chat with customers of orders on the way and one short of stock. */
export function customerChats({ of, nth, users, now }: ActivityContext): Pick<Activity, 'chatRooms' | 'chatMessages'> {
  const a: Pick<Activity, 'chatRooms' | 'chatMessages'> = { chatRooms: [], chatMessages: [] };
  const inProgressT001 = of('T001', ORDER_STATUS.IN_PROGRESS);
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
  return a;
}

/** Help tickets: one open and one resolved for T001, one in progress for T002. */
export function helpTickets({ of, nth, users, now }: ActivityContext): Pick<Activity, 'tickets' | 'ticketComments'> {
  const a: Pick<Activity, 'tickets' | 'ticketComments'> = { tickets: [], ticketComments: [] };
  const ticketPlan: Array<{ so: SeedOrder; status: string; problemId: number; description: string; staff: string; by: number; comments: Array<[number, string]> }> = [
    {
      so: nth(of('T001', ORDER_STATUS.IN_PROGRESS), 4),
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
      so: nth(of('T001', ORDER_STATUS.HISTORY), 5),
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
