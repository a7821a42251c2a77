import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import {
  PRODUCT_IMAGE_FIELDS,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MESSAGES,
  type ProductImageField,
} from '@semijoias/domain/product-form';
import { buttonClasses } from '@/ui/Button';
import { AUDIT_QUERY_KEY } from '../audit/audit-api';
import { adminErrorMessage } from '../lib/errors';
import {
  PRODUCTS_QUERY_KEY,
  productQuery,
  uploadProductImage,
  type AdminProduct,
} from './products-api';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** One upload control per picture: preview, progress, the server's refusal. */
export function ProductImages({ product }: { product: AdminProduct }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2">
      {PRODUCT_IMAGE_FIELDS.map((field) => (
        <ImageSlot
          key={field.campo}
          product={product}
          campo={field.campo}
          label={field.label}
          required={field.required}
        />
      ))}
    </ul>
  );
}

function ImageSlot({
  product,
  campo,
  label,
  required,
}: {
  product: AdminProduct;
  campo: ProductImageField;
  label: string;
  required: boolean;
}) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const [localError, setLocalError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadProductImage(product.id, campo, file, setProgress),
    onMutate: () => setProgress(0),
    onSuccess: (updated) => {
      queryClient.setQueryData(productQuery(product.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
    },
  });
  const current = product.imagens[campo];
  const error = localError ?? (upload.isError ? adminErrorMessage(upload.error) : null);
  const isBanner = campo === 'image_carrossel';

  return (
    <li className="rounded-2xl border border-line bg-white p-2.5">
      <div
        className={`relative overflow-hidden rounded-xl bg-cream ${isBanner ? 'aspect-[16/9]' : 'aspect-square'}`}
      >
        {current ? (
          <img
            src={current.url}
            alt={`${label} de ${product.nome}`}
            className="size-full object-cover"
          />
        ) : (
          <span className="flex size-full items-center justify-center px-2 text-center text-xs text-muted">
            {required ? 'Obrigatória para publicar' : 'Sem foto'}
          </span>
        )}
        {upload.isPending && (
          <div className="absolute inset-x-2 bottom-2 rounded-full bg-white/90 p-1" aria-hidden>
            <div
              className="h-1.5 rounded-full bg-gold-dark transition-[width]"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
        )}
      </div>
      <p className="mt-2 text-sm font-medium text-ink">
        {label}
        {required && <span className="text-rose"> *</span>}
      </p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ACCEPT}
        className="peer sr-only"
        aria-label={`Enviar ${label}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          // The server checks too; this spares sending 20 MB to hear it.
          if (file.size > PRODUCT_IMAGE_MAX_BYTES) {
            setLocalError(PRODUCT_IMAGE_MESSAGES.tooLarge);
            return;
          }
          setLocalError(null);
          upload.mutate(file);
        }}
      />
      <label
        htmlFor={inputId}
        className={buttonClasses(
          'outline',
          'sm',
          'mt-2 w-full cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-gold-dark',
        )}
        aria-disabled={upload.isPending || undefined}
      >
        {upload.isPending
          ? `Enviando… ${Math.round(progress * 100)}%`
          : current
            ? 'Trocar foto'
            : 'Enviar foto'}
      </label>
      <div aria-live="polite">
        {error && <p className="mt-1.5 text-xs text-rose">{error}</p>}
        {upload.isSuccess && !error && <p className="mt-1.5 text-xs text-sage">Foto enviada.</p>}
      </div>
    </li>
  );
}
