import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useToast } from '@/ui/toast';
import { adminSend } from '../lib/admin-api';
import { adminErrorMessage, adminFieldErrors } from '../lib/errors';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminCard } from '../ui/AdminStates';
import { ProductForm, type ProductFormBody } from './ProductForm';
import { PRODUCTS_QUERY_KEY, type AdminProduct } from './products-api';

/** /admin/produtos/novo: the product starts hidden; its page then takes the pictures. */
export function ProductNewPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const create = useMutation({
    mutationFn: (body: ProductFormBody) =>
      adminSend<{ produto: AdminProduct }>('POST', 'produtos/', body),
    onSuccess: ({ produto }) => {
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
      toast({ title: 'Produto criado', description: 'Agora envie as fotos e publique.' });
      void navigate(`../${produto.id}`, { replace: true });
    },
  });
  const errors = create.isError ? adminFieldErrors(create.error) : {};

  return (
    <>
      <AdminPageHeader
        title="Novo produto"
        description={
          <>
            <Link to=".." className="text-gold-dark underline underline-offset-2">
              Produtos
            </Link>{' '}
            · fica oculto da loja até você enviar a foto principal e publicar.
          </>
        }
      />
      <AdminCard className="max-w-2xl">
        {create.isError && Object.keys(errors).length === 0 && (
          <p role="alert" className="mb-4 text-sm text-rose">
            {adminErrorMessage(create.error)}
          </p>
        )}
        <ProductForm
          errors={errors}
          saving={create.isPending}
          submitLabel="Criar produto"
          onSubmit={(body) => create.mutate(body)}
        />
      </AdminCard>
    </>
  );
}
