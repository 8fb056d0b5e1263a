import type { OrderDetail } from '@gerai/contract';

/** Where a screen of another area stands with the order it works on. */
export type OrderScreenState = 'loading' | 'ready' | 'not-found' | 'error';

/**
 * The order as the orders area hands it to another area's screen (scan and go, the cancel form),
 * composed in app/routes: one shape, since features do not import each other.
 */
export interface OrderScreenProps {
  shipmentNo: string;
  /** The order as the orders area has it (this phone's waiting actions applied). */
  order: OrderDetail | undefined;
  orderState: OrderScreenState;
  retrying: boolean;
  onRetry: () => void;
  /** Reads the order again (pull to refresh, after a decision or a refusal that says it changed). */
  onRefreshOrder: () => Promise<unknown>;
}
