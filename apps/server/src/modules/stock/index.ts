// The stock area's public surface: the ledger is the only writer of stock_movements and
// store_stock (decision 87). Other areas import only this file.
export { moveStock, movementsOf, stockOf, type AppliedMove, type StockMove } from './ledger';
// Nearest stores with stock, from indexes (decision 88): the stock lookup and the bookings use the one walk.
export { nearestFrom, nearestStores, type NearestOptions, type NearestStores } from './nearest';
export { proximityOf, storeDistanceM, storeOrigin, type StoreOrigin } from './places';
// Replies of the lookup and the booking store lists, kept until stock moves (decision 97).
export { cachedStockReply, registerStockReplyCache } from './reply-cache';
