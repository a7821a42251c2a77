import { stockAlertWaitingText, stockAlertWaitingTitle } from '@semijoias/domain/stock-alerts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { useToast } from '@/ui/toast';
import { AuditHistory } from '../audit/AuditHistory';
import { AUDIT_QUERY_KEY } from '../audit/audit-api';
import { adminSend } from '../lib/admin-api';
import { adminErrorMessage, adminFieldErrors } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminCard, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { ProductForm, type ProductFormBody } from './ProductForm';
import { ProductImages } from './ProductImages';
import { ProductVariations } from './ProductVariations';
import { PRODUCTS_QUERY_KEY, productQuery, type AdminProduct } from './products-api';

/** /admin/produtos/:id: every field, the pictures, publish or hide, delete, the history. */
export function ProductEditPage() {
  const id = Number(useParams().id);
  const product = useQuery({ ...productQuery(id), enabled: Number.isInteger(id) && id > 0 });

  if (product.isPending) return <AdminLoading label="Carregando produto" />;
  if (product.isError) {
    return <AdminLoadError error={product.error} onRetry={() => void product.refetch()} />;
  }
  return <ProductEditor product={product.data} />;
}

function ProductEditor({ product }: { product: AdminProduct }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // A new form after a save or a reload: it starts again from the product as saved (its stock
  // included); an upload or a publish leaves what she is typing alone.
  const [formVersion, setFormVersion] = useState(0);

  const saved = (updated: AdminProduct) => {
    queryClient.setQueryData(productQuery(product.id).queryKey, updated);
    void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
  };

  const save = useMutation({
    mutationFn: (body: ProductFormBody) =>
      adminSend<{ produto: AdminProduct }>('PUT', `produtos/${product.id}/`, body),
    onSuccess: ({ produto }) => {
      saved(produto);
      setFormVersion((v) => v + 1);
      toast({ title: 'Produto salvo' });
    },
  });
  const visibility = useMutation({
    mutationFn: (show: boolean) =>
      adminSend<{ produto: AdminProduct }>(
        'POST',
        `produtos/${product.id}/${show ? 'mostrar' : 'ocultar'}/`,
      ),
    onSuccess: ({ produto }) => {
      saved(produto);
      toast({ title: produto.oculto ? 'Produto oculto da loja' : 'Produto publicado na loja' });
    },
  });
  const remove = useMutation({
    mutationFn: () => adminSend('DELETE', `produtos/${product.id}/`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
      toast({ title: 'Produto excluído' });
      void navigate('..', { replace: true });
    },
  });

  const fieldErrors = save.isError ? adminFieldErrors(save.error) : {};
  const stockMoved = save.isError && 'estoque' in fieldErrors && !('estoque_visto' in fieldErrors);

  return (
    <>
      <AdminPageHeader
        title={product.nome}
        description={
          <>
            <Link to=".." className="text-gold-dark underline underline-offset-2">
              Produtos
            </Link>{' '}
            · {product.categoria} · atualizado em {formatDateTime(product.atualizado_em)}
          </>
        }
        actions={
          <>
            {product.oculto ? (
              <Button
                variant="gold"
                disabled={visibility.isPending}
                onClick={() => visibility.mutate(true)}
              >
                Publicar na loja
              </Button>
            ) : (
              <>
                <a
                  href={`/produto/${product.id}`}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex min-h-11 items-center px-2 text-sm text-gold-dark underline underline-offset-2"
                >
                  Ver na loja
                </a>
                <Button
                  variant="outline"
                  disabled={visibility.isPending}
                  onClick={() => visibility.mutate(false)}
                >
                  Ocultar da loja
                </Button>
              </>
            )}
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2" aria-live="polite">
        {product.oculto ? (
          <Badge tone="light">Oculto da loja</Badge>
        ) : (
          <Badge tone="gold">Na loja</Badge>
        )}
        {product.estoque_baixo && <Badge tone="rose">Estoque baixo</Badge>}
        {(product.aguardando_aviso ?? 0) > 0 && (
          <span
            data-testid="waiting-badge"
            title={stockAlertWaitingTitle(product.aguardando_aviso!)}
          >
            <Badge tone="ink">{stockAlertWaitingText(product.aguardando_aviso!)}</Badge>
          </span>
        )}
        <span className="text-sm text-muted">
          {product.vendidos === 1 ? '1 vendido' : `${product.vendidos} vendidos`}
        </span>
      </div>
      {visibility.isError && (
        <p role="alert" className="mb-4 rounded-xl bg-rose-soft/60 px-4 py-3 text-sm text-ink">
          {adminErrorMessage(visibility.error)}
        </p>
      )}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="grid min-w-0 gap-5">
          <AdminCard title="Dados do produto">
            {save.isError && (stockMoved || Object.keys(fieldErrors).length === 0) && (
              <div
                role="alert"
                className="mb-4 rounded-xl bg-rose-soft/60 px-4 py-3 text-sm text-ink"
              >
                <p>{adminErrorMessage(save.error)}</p>
                {stockMoved && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="mt-2"
                    onClick={() =>
                      void queryClient
                        .refetchQueries({ queryKey: productQuery(product.id).queryKey })
                        .then(() => {
                          save.reset();
                          setFormVersion((v) => v + 1);
                        })
                    }
                  >
                    Recarregar o produto
                  </Button>
                )}
              </div>
            )}
            <ProductForm
              key={`${formVersion}-${product.nome_variacao === null ? 'sem' : 'com'}-tamanho`}
              product={product}
              errors={fieldErrors}
              saving={save.isPending}
              submitLabel="Salvar alterações"
              onSubmit={(body) => save.mutate(body)}
            />
          </AdminCard>
          <AdminCard title="Variações">
            <ProductVariations product={product} />
          </AdminCard>
        </div>
        <div className="grid min-w-0 gap-5">
          <AdminCard title="Fotos">
            <p className="mb-3 text-sm text-muted">
              JPEG, PNG, WebP ou AVIF, até 8 MB. Ajustamos o tamanho e o formato para a loja.
            </p>
            <ProductImages product={product} />
          </AdminCard>
          <AdminCard title="Histórico">
            <AuditHistory entityType="product" entityId={product.id} />
          </AdminCard>
          <AdminCard title="Excluir">
            {product.ja_pedido ? (
              <p className="text-sm text-muted">
                Este produto já foi pedido: ele não pode ser excluído, só ocultado da loja.
              </p>
            ) : (
              <>
                <p className="mb-3 text-sm text-muted">
                  Nunca foi pedido, então pode ser excluído de vez.
                </p>
                <Button variant="outline" onClick={() => setConfirmDelete(true)}>
                  Excluir produto
                </Button>
              </>
            )}
            {remove.isError && (
              <p role="alert" className="mt-2 text-sm text-rose">
                {adminErrorMessage(remove.error)}
              </p>
            )}
          </AdminCard>
        </div>
      </div>

      <Modal
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        role="alertdialog"
        title={`Excluir ${product.nome}?`}
        description="O produto e as fotos dele saem do painel. Esta ação não pode ser desfeita."
        actions={
          <>
            <Button variant="outline" onClick={() => setConfirmDelete(false)}>
              Cancelar
            </Button>
            <Button
              variant="primary"
              disabled={remove.isPending}
              onClick={() => {
                setConfirmDelete(false);
                remove.mutate();
              }}
            >
              Excluir
            </Button>
          </>
        }
      />
    </>
  );
}
