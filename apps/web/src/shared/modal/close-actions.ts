import { paths } from '../config/paths';
import type { CloseType } from './modal-types';

/** What a close action may do; the modal host supplies the real implementations. */
export interface CloseActionContext {
  navigate: (to: string) => void;
  /** Leave the current screen (history back, home when there is no history). */
  back: () => void;
  /**
   * Reload data: refetch the active queries under a key prefix (all when absent).
   * Query keys start with the area name, e.g. ['helpdesk', 'tickets', …].
   */
  refetch: (keyPrefix?: readonly unknown[]) => void;
  logout: () => void;
  payload: Readonly<Record<string, string>>;
}

/**
 * Every close type of the spec mapped to its action, in one table.
 * "reload" re-fetches the screen's data instead of reloading the page, so a
 * webview on a weak signal keeps its state (scans, form input) and its shell.
 */
export const CLOSE_ACTIONS: Record<CloseType, (ctx: CloseActionContext) => void> = {
  reload: (ctx) => ctx.refetch(),
  close: (ctx) => ctx.back(),
  'close-modal': () => {},
  'go-home': (ctx) => ctx.navigate(paths.home),
  'go-to-order': (ctx) => ctx.navigate(paths.order),
  'go-to-history': (ctx) => ctx.navigate(paths.history),
  'go-to-get-product': (ctx) =>
    ctx.navigate(ctx.payload.id ? paths.getProduct(ctx.payload.id) : paths.bookingListProduct),
  'go-to-cek-stock': (ctx) => ctx.navigate(paths.cekStock),
  'go-to-request-cancel': (ctx) => ctx.navigate(paths.requestCancel(ctx.payload.shipmentNo)),
  'go-help-center': (ctx) =>
    ctx.navigate(
      paths.helpCenter({
        mode: ctx.payload.mode,
        shipmentNo: ctx.payload.shipmentNo,
        status: ctx.payload.status,
        method: ctx.payload.method,
        code: ctx.payload.code,
      }),
    ),
  'reload-ticket': (ctx) => ctx.refetch(['helpdesk', 'tickets']),
  // The form keeps its input; the user sends it again.
  resubmit: () => {},
  'reload-detail-ticket': (ctx) => ctx.refetch(['helpdesk', 'tickets', 'detail']),
  'go-to-mat-in-new': (ctx) => ctx.navigate(paths.matInNew),
  'go-to-mat-in-proces': (ctx) => ctx.navigate(paths.matInProces),
  'go-to-mat-in-done': (ctx) => ctx.navigate(paths.matInDone),
  'go-to-mat-out-new': (ctx) => ctx.navigate(paths.matOutNew),
  'go-to-mat-out-proces': (ctx) => ctx.navigate(paths.matOutProces),
  'go-to-mat-out-done': (ctx) => ctx.navigate(paths.matOutDone),
  'go-to-mat-out-cancel': (ctx) => ctx.navigate(paths.matOutCancel),
  logout: (ctx) => ctx.logout(),
  'close-modal-retur': (ctx) => ctx.refetch(['returns']),
  'go-to-list-proses': (ctx) => ctx.navigate(paths.listProses),
  'go-to-retur-list': (ctx) => ctx.navigate(paths.returList(ctx.payload.status)),
  'err-pod-approval': (ctx) => ctx.navigate(paths.listPengajuanPod),
};

export function runCloseAction(type: CloseType, ctx: CloseActionContext): void {
  CLOSE_ACTIONS[type](ctx);
}
