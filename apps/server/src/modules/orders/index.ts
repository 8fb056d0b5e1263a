// The orders area's public surface. Other areas import only this file
// (eslint.config.js refuses a path into modules/orders/ from outside it).
export {
  changeOrderStatus,
  lockOrder,
  lockOrderRow,
  mayChangeStatus,
  ORDER_LIFECYCLE,
  statusChangedError,
  type ChangeOptions,
  type LifecycleAction,
  type LockedOrder,
  type OrderRecord,
  type TransitionPayload,
} from './lifecycle';
export { loadOrderDetail, orderViewer, type OrderViewer } from './detail';
export { appendOrderHistory } from './history';
export { orderBookingHold, type OrderBookingHold } from './bookings';
