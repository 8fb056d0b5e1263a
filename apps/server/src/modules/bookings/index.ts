// The bookings area's public surface. Other areas import only this file
// (eslint.config.js refuses a path into modules/bookings/ from outside it).
// The area is the only owner of the booking machine (BOOKING_FLOW): others ask, never change.
export { cancelOrderBookings } from './service';
