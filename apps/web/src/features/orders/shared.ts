/**
 * What 'Meus Pedidos' (features/account) shares with the return page: the orders' calls, the
 * figures and dates of an order, and its pieces of UI. It belongs in src/lib (calls, model) and
 * src/ui (components); until it moves there, the account tab imports it from this one file, the
 * only import across features (marked where it is made).
 */
export { fetchUserOrders, userOrdersQueryKey, type UserOrderLine } from './api';
export { orderDateText, orderDateTimeAttribute, orderFigures } from './order-model';
export { OrderItems, OrderTotals } from './OrderItems';
export { PaidConfirmation, SupportContact, UnpaidDeadline } from './OrderNotes';
export { OrderStatusChip } from './OrderStatusChip';
export { PayNowButton } from './PayNowButton';
