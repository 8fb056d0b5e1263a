import type { ReactNode } from 'react';
import { paymentName, type OrderDetail } from '@gerai/contract';
import { DELIVERY_TYPE_LABEL, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { Card, Field } from '@/shared/ui/card';
import { Icon, type IconName } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { formatDateTime, formatRupiah } from '@/shared/utils/format';
import { statusLabel } from '../utils/order-status';
import { ChannelChip, DeliveryChip } from './order-card';

const STATUS_TONE: Record<number, string> = {
  1101: 'bg-brand-700 text-white',
  1102: 'bg-amber-700 text-white',
  1103: 'bg-sky-700 text-white',
  1104: 'bg-emerald-700 text-white',
  1105: 'bg-slate-600 text-white',
  1106: 'bg-slate-500 text-white',
  1107: 'bg-slate-500 text-white',
};

/** Shipment, order, channel, delivery, payment and who picks it. */
export function OrderHeaderCard({ order, type }: { order: OrderDetail; type?: string | null }) {
  return (
    <Card testId="order-header">
      <div className="flex flex-wrap items-center gap-1.5">
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', STATUS_TONE[order.statusId] ?? 'bg-slate-500 text-white')} data-testid="order-status">
          {statusLabel(order.statusId)}
        </span>
        <ChannelChip appId={order.appId} appName={order.appName} />
        <DeliveryChip deliveryType={order.deliveryType} />
        {type ? <span className="rounded-full bg-violet-50 px-2 py-0.5 text-xs font-semibold text-violet-800">{type}</span> : null}
      </div>
      <p className="font-mono text-lg font-bold break-all text-slate-900" data-testid="order-shipment-no">
        {order.shipmentNo}
      </p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
        <Field label={ordersText.detail.orderNo}>{order.orderNo}</Field>
        <Field label={ordersText.detail.createdAt}>{formatDateTime(order.createdAt)}</Field>
        <Field label={ordersText.detail.deliveryType}>{DELIVERY_TYPE_LABEL[order.deliveryType as 0 | 1] ?? order.deliveryType}</Field>
        <Field label={ordersText.detail.payment}>{paymentName(order.paymentId)}</Field>
        {order.pickerName ? <Field label={ordersText.detail.picker}>{order.pickerName}</Field> : null}
        {order.billNo ? <Field label={ordersText.detail.billNo}>{order.billNo}</Field> : null}
      </dl>
    </Card>
  );
}

export function InfoRow({ icon, children }: { icon: IconName; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-sm text-slate-700">
      <Icon name={icon} className="mt-0.5 size-4 shrink-0 text-slate-400" />
      <span className="min-w-0">{children}</span>
    </p>
  );
}

/** The customer's messages nobody on the crew has read yet, on the Chat button; nothing when there are none. */
export function ChatUnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const label = t(ordersText.detail.chatUnread, { count });
  return (
    <span role="status" aria-label={label} title={label} data-testid="chat-unread" className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold leading-5 text-white">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The customer, their address (delivery), the contact button and the chat with them. */
export function CustomerCard({ order, onContact, onChat }: { order: OrderDetail; onContact: () => void; onChat?: () => void }) {
  return (
    <Card
      title={ordersText.detail.customer}
      testId="order-customer"
      actions={
        <div className="flex items-center gap-1">
          {onChat ? (
            <button type="button" onClick={onChat} className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50" data-testid="open-chat">
              <Icon name="chat" className="size-4" />
              {ordersText.detail.chatCustomer}
              <ChatUnreadBadge count={order.chatUnread} />
            </button>
          ) : null}
          <button type="button" onClick={onContact} className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
            <Icon name="phone" className="size-4" />
            {ordersText.detail.contactCustomer}
          </button>
        </div>
      }
    >
      <p className="font-medium text-slate-900">{order.customer.name}</p>
      <InfoRow icon="phone">{order.customer.phone}</InfoRow>
      {order.customer.address ? <InfoRow icon="pin">{order.customer.address}</InfoRow> : null}
      {order.note ? (
        <p className="rounded-xl bg-amber-50 p-2 text-sm text-amber-900">
          <span className="font-semibold">{ordersText.detail.note}: </span>
          {order.note}
        </p>
      ) : null}
    </Card>
  );
}

/** Total (the server recomputes it: out-of-stock units are not charged), store and QR. */
export function TotalCard({ order, onStoreInfo, onQr }: { order: OrderDetail; onStoreInfo: () => void; onQr: (() => void) | null }) {
  return (
    <Card testId="order-total">
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900">{ordersText.detail.total}</span>
        <span className="text-xl font-bold text-slate-900 tabular-nums" data-testid="order-total-value">
          {formatRupiah(order.price)}
        </span>
      </div>
      {order.progress.oos > 0 ? <p className="text-xs text-slate-500">{ordersText.detail.totalHint}</p> : null}
      <div className="mt-1 flex flex-wrap gap-2">
        <button type="button" onClick={onStoreInfo} className="inline-flex min-h-11 items-center gap-1.5 rounded-xl border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          <Icon name="store" className="size-4" />
          {ordersText.detail.storeInfo}
        </button>
        {onQr ? (
          <button
            type="button"
            onClick={onQr}
            data-testid="open-qr"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-xl border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            <Icon name="qr" className="size-4" />
            {ordersText.detail.qrCode}
          </button>
        ) : null}
      </div>
    </Card>
  );
}

/** Who did what, when (oldest first); then what the order's sales channel was told. */
export function OrderHistory({ history, channelNotices = [] }: { history: OrderDetail['history']; channelNotices?: OrderDetail['channelNotices'] }) {
  if (history.length === 0 && channelNotices.length === 0) return null;
  return (
    <Card title={ordersText.detail.history} testId="order-history">
      <ol className="flex flex-col">
        {history.map((h, i) => (
          <li key={`${h.at}-${i}`} className="relative flex gap-3 pb-3 last:pb-0">
            <span aria-hidden="true" className="relative flex w-3 justify-center">
              <span className="mt-1.5 size-2.5 rounded-full bg-brand-600" />
              {i < history.length - 1 ? <span className="absolute top-4 bottom-0 w-px bg-slate-200" /> : null}
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-slate-900">
                {ordersText.detail.historyAction[h.action] ?? ordersText.detail.historyFallback}{' '}
                <span className="font-normal text-slate-600">
                  {h.actorName ? t(ordersText.detail.historyBy, { name: h.actorName }) : ordersText.detail.historySystem}
                </span>
              </p>
              <p className="text-xs text-slate-500">
                {formatDateTime(h.at)} · {statusLabel(h.toStatus)}
              </p>
              {h.reason && h.action !== 'received' ? <p className="text-xs text-slate-600">{h.reason}</p> : null}
            </div>
          </li>
        ))}
      </ol>
      {channelNotices.length > 0 ? <ChannelNotices notices={channelNotices} /> : null}
    </Card>
  );
}

const NOTICE_TONE: Record<OrderDetail['channelNotices'][number]['status'], string> = {
  sent: 'text-emerald-700',
  pending: 'text-amber-700',
  failed: 'text-red-700',
};

/** "Kanal diberi tahu: Terkirim / Menunggu (percobaan n) / Gagal", per notice (the outbox retries until it is sent). */
function ChannelNotices({ notices }: { notices: OrderDetail['channelNotices'] }) {
  const text = ordersText.channelNotices;
  const statusText = (n: OrderDetail['channelNotices'][number]) =>
    n.status === 'pending' ? (n.attempts > 0 ? t(text.status.pendingAttempts, { n: n.attempts }) : text.status.pending) : text.status[n.status];
  return (
    <div className="flex flex-col gap-2 border-t border-slate-100 pt-2" data-testid="order-channel-notices">
      <h3 className="text-sm font-semibold text-slate-900">{text.title}</h3>
      <ul className="flex flex-col gap-2">
        {notices.map((n, i) => (
          <li key={`${n.kind}-${n.createdAt}-${i}`} className="text-sm" data-testid="channel-notice" data-status={n.status}>
            <p className="font-medium text-slate-900">{text.kind[n.kind] ?? n.kind}</p>
            <p className={cn('font-medium', NOTICE_TONE[n.status])}>{t(text.told, { status: statusText(n) })}</p>
            <p className="text-xs text-slate-500">{formatDateTime(n.sentAt ?? n.createdAt)}</p>
            {n.lastError && n.status !== 'sent' ? <p className="text-xs text-slate-600">{t(text.lastError, { error: n.lastError })}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
