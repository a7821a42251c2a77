/**
 * /admin/pedidos/:reference/etiqueta: the parcel's label, ready to print — recipient (name,
 * address, CEP) and the store as sender, then the parcel's pieces for packing (name, size,
 * quantity). The admin frame hides itself in print; this page's buttons too, so only the label
 * reaches the paper.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { maskCep } from '@semijoias/domain/cep';
import { variationLabel } from '@semijoias/domain/variations';
import { STORE_INFO } from '@/lib/store-info';
import { Button, buttonClasses } from '@/ui/Button';
import { ChevronLeftIcon } from '@/ui/icons';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminEmpty, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { orderQuery } from './orders-api';

/** '1 peça', '3 peças': the units in the parcel. */
function piecesCount(itens: { quantidade: number }[]): string {
  const n = itens.reduce((sum, item) => sum + item.quantidade, 0);
  return n === 1 ? '1 peça' : `${n} peças`;
}

export function OrderLabelPage() {
  const { reference = '' } = useParams();
  const order = useQuery(orderQuery(reference));
  const back = `/admin/pedidos/${encodeURIComponent(reference)}`;

  return (
    <>
      <div className="print:hidden">
        <Link to={back} className={buttonClasses('ghost', 'sm', '-ml-3 mb-2 gap-1 px-3')}>
          <ChevronLeftIcon width={18} height={18} /> Pedido #{reference}
        </Link>
        <AdminPageHeader
          title={`Etiqueta do pedido #${reference}`}
          actions={
            order.data?.endereco ? (
              <Button variant="primary" onClick={() => window.print()}>
                Imprimir
              </Button>
            ) : undefined
          }
        />
      </div>
      {order.isPending ? (
        <AdminLoading label="Carregando o pedido" />
      ) : order.isError ? (
        <AdminLoadError error={order.error} onRetry={() => void order.refetch()} />
      ) : !order.data.endereco ? (
        <AdminEmpty>Este pedido ainda não tem endereço de entrega.</AdminEmpty>
      ) : (
        <article
          data-testid="etiqueta"
          className="mx-auto max-w-[15cm] rounded-lg border-2 border-dashed border-ink/40 bg-white p-6 text-ink print:m-0 print:max-w-none print:rounded-none print:border-solid print:border-black print:p-[1cm]"
        >
          <section>
            <h2 className="text-xs font-bold uppercase tracking-[0.2em]">Destinatário</h2>
            <address className="mt-2 text-lg not-italic leading-snug">
              <p className="text-xl font-bold">{order.data.endereco.nome_completo}</p>
              <p>
                {order.data.endereco.endereco}, {order.data.endereco.numero}
                {order.data.endereco.complemento ? ` - ${order.data.endereco.complemento}` : ''}
              </p>
              <p>{order.data.endereco.bairro}</p>
              <p>
                {order.data.endereco.cidade} / {order.data.endereco.estado}
              </p>
              <p className="mt-2 text-2xl font-bold tracking-wider">
                CEP {maskCep(order.data.endereco.cep ?? '')}
              </p>
            </address>
          </section>
          <section className="mt-6 border-t border-ink/30 pt-4 text-sm">
            <h2 className="text-xs font-bold uppercase tracking-[0.2em]">Remetente</h2>
            <address className="mt-1 not-italic leading-snug">
              <p className="font-semibold">{STORE_INFO.name}</p>
              <p>{STORE_INFO.address.street}</p>
              <p>
                {STORE_INFO.address.district} - {STORE_INFO.address.city} /{' '}
                {STORE_INFO.address.state}
              </p>
              <p>CEP {STORE_INFO.address.cep}</p>
            </address>
          </section>
          <section
            className="mt-6 border-t border-ink/30 pt-4 text-sm"
            data-testid="etiqueta-itens"
          >
            <h2 className="text-xs font-bold uppercase tracking-[0.2em]">
              Conteúdo ({piecesCount(order.data.itens)})
            </h2>
            <table className="mt-2 w-full border-collapse text-left">
              <thead className="sr-only">
                <tr>
                  <th scope="col">Quantidade</th>
                  <th scope="col">Peça</th>
                  <th scope="col">Separado</th>
                </tr>
              </thead>
              <tbody>
                {order.data.itens.map((item) => (
                  <tr
                    key={`${item.produto_id}-${item.variacao?.id ?? 0}`}
                    className="border-b border-dotted border-ink/25 last:border-b-0 print:break-inside-avoid"
                  >
                    <td className="w-12 py-1.5 pr-2 align-top font-bold tabular-nums">
                      {item.quantidade}×
                    </td>
                    <td className="py-1.5 align-top">
                      <p className="font-medium leading-snug">{item.nome}</p>
                      {item.variacao && (
                        <p className="font-semibold">
                          {variationLabel(item.nome_variacao, item.variacao.nome)}
                        </p>
                      )}
                    </td>
                    <td className="w-8 py-1.5 pl-2 align-top">
                      <span
                        aria-hidden="true"
                        className="mt-0.5 inline-block size-4 rounded-sm border border-ink/50"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <p className="mt-4 text-right text-xs text-ink/70">Pedido #{order.data.reference}</p>
        </article>
      )}
    </>
  );
}
