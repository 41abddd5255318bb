import { Link, useParams } from 'react-router';
import { ApiError, messageOf } from '../lib/api.ts';
import { paths } from '../paths.ts';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { ProductEditor } from './product-editor.tsx';
import { useProduct } from './product-editor-api.ts';

/** `/urunler/yeni` adds a product; `/urunler/:id` edits the stored one. */
export function ProductEditorPage() {
  const { id } = useParams();
  const productId = id === undefined ? undefined : Number(id);
  const product = useProduct(productId);
  if (productId === undefined) return <ProductEditor />;
  if (product.isPending) return <Loading />;
  if (product.isError) {
    const missing = product.error instanceof ApiError && [400, 404].includes(product.error.status);
    return (
      <Page title={missing ? 'Ürün bulunamadı' : 'Ürün okunamadı'}>
        <FormError message={messageOf(product.error)} />
        <p>
          <Link to={paths.products} className="text-amber-900 underline">
            Ürün listesine dönün
          </Link>
        </p>
      </Page>
    );
  }
  // A form of its own per product: moving to another product starts from its stored values.
  return <ProductEditor key={product.data.id} product={product.data} />;
}
