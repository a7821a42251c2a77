// Stock has one owner (docs/stock.md): the only code that changes a quantity. Every move takes the
// caller's transaction, is one guarded statement a line in one lock order, and tags the ledger.
// scripts/check-boundaries.mjs refuses a write of `stock` anywhere else.
export {
  inLockOrder,
  readStock,
  type Refusal,
  type Shelf,
  type StockLevels,
  type StockLine,
} from './shelf.js';
export {
  giveBackForOrder,
  takeAgainForOrder,
  takeForOrder,
  takeForOrderAtCommit,
  type GiveBackBy,
  type SaleLine,
} from './order-moves.js';
export {
  adjustStock,
  closeSizes,
  emptyForSizes,
  openSizes,
  receiveInitialStock,
  setStockFromForm,
  type Adjusted,
  type OwnerTag,
} from './owner-moves.js';
export { rememberSoldOut, type SoldOutShelves } from './sold-out.js';
