// The stock area's public surface: the ledger is the only writer of stock_movements and
// store_stock (decision 87). Other areas import only this file.
export { moveStock, movementsOf, stockOf, type AppliedMove, type StockMove } from './ledger';
