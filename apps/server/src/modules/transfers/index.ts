// The transfers area's public surface. Other areas import only this file
// (eslint.config.js refuses a path into modules/transfers/ from outside it).
// The area is the only owner of the transfer machine (TRANSFER_FLOW): others may read a transfer's
// ledger ref and audit entity, never change a transfer.
export { TRANSFER_ENTITY, transferRef } from './views';
