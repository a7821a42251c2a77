/**
 * /admin/pedidos: the list with its filters, one order's page with its actions and
 * history, and its label ready to print. The section owns the routes under its path.
 */
import { useRoutes } from 'react-router';
import { OrderLabelPage } from './OrderLabelPage';
import { OrderPage } from './OrderPage';
import { OrdersList } from './OrdersList';

export function OrdersPage() {
  return useRoutes([
    { index: true, element: <OrdersList /> },
    { path: ':reference', element: <OrderPage /> },
    { path: ':reference/etiqueta', element: <OrderLabelPage /> },
  ]);
}
