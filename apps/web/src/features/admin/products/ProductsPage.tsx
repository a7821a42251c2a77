import { Route, Routes } from 'react-router';
import { ProductEditPage } from './ProductEditPage';
import { ProductListPage } from './ProductListPage';
import { ProductNewPage } from './ProductNewPage';

/** /admin section 'Produtos': the list, a new product and a product's page. */
export function ProductsPage() {
  return (
    <Routes>
      <Route index element={<ProductListPage />} />
      <Route path="novo" element={<ProductNewPage />} />
      <Route path=":id" element={<ProductEditPage />} />
    </Routes>
  );
}
