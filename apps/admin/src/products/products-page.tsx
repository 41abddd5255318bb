import { createColumnHelper } from '@tanstack/react-table';
import type { AdminProductRow } from '@vitrin/shared/api/admin/products';
import { variantUrl } from '@vitrin/shared/media';
import { formatMoney } from '@vitrin/shared/money';
import { Link } from 'react-router';
import { paths } from '../paths.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { Badge } from '../ui/badge.tsx';
import { ListBody, useTicked } from '../ui/list-body.tsx';
import { Page } from '../ui/page.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { ProductFilters, STOCK_STATES } from './product-filters.tsx';
import { type ProductFilterValues, productScreen, useProductList } from './products-api.ts';

const column = createColumnHelper<AdminProductRow>();

const linkLook = 'inline-flex min-h-10 items-center justify-center rounded-md px-4 py-2 text-sm font-medium';

/** The first image, small (the server's 160 px WebP); decorative: the name is beside it. */
const thumbnail = (p: AdminProductRow) => (
  <img
    src={variantUrl(p.image, '', 160, 'webp')}
    alt=""
    width={48}
    height={48}
    loading="lazy"
    className="size-12 shrink-0 rounded border border-stone-200 bg-stone-50 object-cover"
  />
);

const nameLink = (p: AdminProductRow) => (
  <Link to={productScreen(p.id)} className="font-medium text-amber-900 underline">
    {p.name}
  </Link>
);

const price = (p: AdminProductRow) =>
  p.sale ? formatMoney(p.sale.priceMinor, p.sale.currency) : <span className="text-stone-600">—</span>;

const stockText = (p: AdminProductRow) => (p.stock === null ? 'Sınırsız' : `${p.stock} adet`);

const badges = (p: AdminProductRow) => (
  <span className="flex flex-wrap gap-1">
    <Badge tone={STOCK_STATES[p.stockState].tone}>{STOCK_STATES[p.stockState].label}</Badge>
    {p.isActive ? <Badge tone="good">Satışta</Badge> : <Badge>Satışta değil</Badge>}
  </span>
);

const columns = [
  column.accessor('name', {
    header: 'Ürün',
    cell: ({ row }) => (
      <div className="flex items-center gap-3">
        {thumbnail(row.original)}
        <div className="min-w-0">{nameLink(row.original)}</div>
      </div>
    ),
  }),
  column.accessor('sku', {
    header: 'SKU',
    cell: ({ getValue }) => <span className="font-mono">{getValue()}</span>,
  }),
  column.accessor('categoryName', { header: 'Kategori' }),
  column.accessor('sale', {
    header: 'Satış fiyatı',
    cell: ({ row }) => <span className="whitespace-nowrap">{price(row.original)}</span>,
  }),
  column.accessor('stock', {
    header: 'Stok',
    cell: ({ row }) => <span className="whitespace-nowrap">{stockText(row.original)}</span>,
  }),
  column.accessor('isActive', { header: 'Durum', cell: ({ row }) => badges(row.original) }),
];

/** On a phone each product is a card: picture, name and SKU, then price, stock and its badges. */
const productCard = (p: AdminProductRow) => (
  <div className="flex gap-3 text-sm">
    {thumbnail(p)}
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      {nameLink(p)}
      <div className="[overflow-wrap:anywhere] text-stone-700">
        <span className="font-mono">{p.sku}</span> · {p.categoryName}
      </div>
      <div className="flex flex-wrap justify-between gap-2">
        <span className="font-medium">{price(p)}</span>
        <span className="text-stone-700">{stockText(p)}</span>
      </div>
      {badges(p)}
    </div>
  </div>
);

/**
 * The products: search, filters, sort and page live in the address; writers tick products for one action on
 * them all, readers (support) see the list only.
 */
export function ProductsPage() {
  const staff = useStaff();
  const canWrite = has(staff, 'catalog.write');
  const { filters, list, go: goTo, badFilters } = useProductList();
  const ticked = useTicked<ProductFilterValues>(goTo);
  const { go } = ticked;

  return (
    <Page
      title="Ürünler"
      actions={
        canWrite && (
          <div className="flex flex-wrap gap-2">
            <Link to={paths.productImports} className={`${linkLook} border border-stone-400 bg-white`}>
              İçe aktar / Dışa aktar
            </Link>
            <Link to={paths.productNew} className={`${linkLook} bg-amber-800 text-white hover:bg-amber-900`}>
              Ürün ekle
            </Link>
          </div>
        )
      }
    >
      <ProductFilters values={filters} error={badFilters} onApply={(values) => go(values)} />
      {canWrite && <BulkActions ids={ticked.keys.map(Number)} onDone={ticked.clear} />}
      <ListBody
        list={list}
        badFilters={badFilters}
        noun="ürün"
        onPage={(to) => go(filters, to)}
        columns={columns}
        caption="Ürünler"
        card={productCard}
        selection={
          canWrite
            ? ticked.selection<AdminProductRow>({
                rowId: (row) => String(row.id),
                rowLabel: (row) => `${row.name} (${row.sku}) ürününü seç`,
                allLabel: 'Bu sayfadaki tüm ürünleri seç',
              })
            : undefined
        }
      />
    </Page>
  );
}
