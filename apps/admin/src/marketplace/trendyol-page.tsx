import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListingStateName, TrendyolListingsAnswer } from '@vitrin/shared/api/admin/marketplace';
import { formatMoney } from '@vitrin/shared/money';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../audit/pager.tsx';
import { messageOf } from '../lib/api.ts';
import { paths } from '../paths.ts';
import { productScreen } from '../products/products-api.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import {
  HealthRow,
  HealthStateRow,
  healthQueryProps,
  ServiceHealth,
  whenText,
} from '../ui/service-health.tsx';
import { MappingsPart } from './mappings-part.tsx';
import { MAPPINGS_TAB } from './publish-api.ts';
import { PublishDialog } from './publish-dialog.tsx';
import { StockBufferDialog } from './stock-buffer-dialog.tsx';
import {
  LISTING_TABS,
  roundSummary,
  TRENDYOL_KEYS,
  tabOf,
  trendyolHealthQuery,
  trendyolState,
  useRunRound,
  useTrendyolListings,
} from './trendyol-api.ts';

type Listing = TrendyolListingsAnswer['listings'][number];
type Unlisted = TrendyolListingsAnswer['unlisted'][number];

const money = (minor: number | null) => (minor === null ? '—' : formatMoney(minor));
const count = (n: number | null) => (n === null ? '—' : String(n));

function ProductLink({ id, name, sku }: { id: number | null; name: string | null; sku: string | null }) {
  if (id === null || name === null) return <span className="text-stone-700">Mağazada yok</span>;
  return (
    <div className="min-w-0">
      <Link to={productScreen(id)} className="font-medium text-amber-900 underline">
        {name}
      </Link>
      {sku && <div className="text-sm text-stone-700">SKU {sku}</div>}
    </div>
  );
}

/** Where a listing's send stands: waiting for Trendyol, refused or failed (with why), or sent. */
function SendState({ l }: { l: Listing }) {
  if (l.lastError)
    return (
      <div className="flex flex-col gap-1">
        <Badge tone="bad">Gönderilemedi</Badge>
        <span className="text-sm [overflow-wrap:anywhere] text-red-800">{l.lastError}</span>
        {l.nextAttemptAt && (
          <span className="text-sm text-stone-700">Yeniden: {whenText(l.nextAttemptAt, '')}</span>
        )}
      </div>
    );
  if (l.pending || !l.seen) return <Badge tone="warn">Trendyol onayı bekleniyor</Badge>;
  if (l.sentAt) return <Badge tone="good">Gönderildi</Badge>;
  return <Badge>Henüz gönderilmedi</Badge>;
}

const listing = createColumnHelper<Listing>();
const unlisted = createColumnHelper<Unlisted>();

/** Trendyol refused the product put there from the shop (never listed, nothing waiting): it may be sent again. */
const refusedCreate = (l: Listing) => !l.seen && !l.pending && l.lastError !== null && l.productId !== null;

function linkedColumns(canWrite: boolean, onBuffer: (l: Listing) => void, onPublish: (l: Listing) => void) {
  return [
    listing.accessor('name', {
      header: 'Ürün',
      cell: ({ row }) => (
        <ProductLink id={row.original.productId} name={row.original.name} sku={row.original.sku} />
      ),
    }),
    listing.accessor('barcode', {
      header: 'Barkod',
      cell: ({ getValue }) => <span className="font-mono whitespace-nowrap">{getValue()}</span>,
    }),
    listing.accessor('title', {
      header: 'Trendyol’daki adı',
      cell: ({ row }) => (
        <span className="[overflow-wrap:anywhere]">
          {row.original.title ?? '—'}
          {!row.original.approved && (
            <span className="ml-1">
              <Badge tone="warn">Onaysız</Badge>
            </span>
          )}
        </span>
      ),
    }),
    listing.accessor('channelQuantity', {
      header: 'Trendyol’daki adet',
      cell: ({ getValue }) => count(getValue()),
    }),
    listing.accessor('sentQuantity', {
      header: 'Gönderilen adet',
      cell: ({ getValue }) => count(getValue()),
    }),
    listing.accessor('sentSaleMinor', {
      header: 'Gönderilen fiyat',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {money(row.original.sentSaleMinor)}
          {row.original.sentListMinor !== null &&
            row.original.sentListMinor !== row.original.sentSaleMinor && (
              <span className="block text-stone-700">Liste: {money(row.original.sentListMinor)}</span>
            )}
        </span>
      ),
    }),
    listing.accessor('stockBuffer', {
      header: 'Ayrılan stok',
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-2">
          <span>{row.original.stockBuffer}</span>
          {canWrite && (
            <Button look="secondary" onClick={() => onBuffer(row.original)}>
              Değiştir
              <span className="sr-only"> (ayrılan stok, {row.original.name ?? row.original.barcode})</span>
            </Button>
          )}
        </span>
      ),
    }),
    listing.display({
      id: 'state',
      header: 'Durum',
      cell: ({ row }) => (
        <div className="flex flex-col items-start gap-2">
          <SendState l={row.original} />
          {canWrite && refusedCreate(row.original) && (
            <Button look="secondary" onClick={() => onPublish(row.original)}>
              Yeniden gönder<span className="sr-only"> ({row.original.name ?? row.original.barcode})</span>
            </Button>
          )}
        </div>
      ),
    }),
  ];
}

const channelOnlyColumns = [
  listing.accessor('barcode', {
    header: 'Barkod',
    cell: ({ getValue }) => (
      <span className="font-mono font-medium [overflow-wrap:anywhere]">{getValue()}</span>
    ),
  }),
  listing.accessor('title', {
    header: 'Trendyol’daki adı',
    cell: ({ getValue }) => <span className="[overflow-wrap:anywhere]">{getValue() ?? '—'}</span>,
  }),
  listing.accessor('stockCode', {
    header: 'Stok kodu',
    cell: ({ getValue }) => getValue() ?? '—',
  }),
  listing.accessor('channelQuantity', {
    header: 'Trendyol’daki adet',
    cell: ({ getValue }) => count(getValue()),
  }),
  listing.accessor('channelSaleMinor', {
    header: 'Trendyol’daki fiyat',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{money(getValue())}</span>,
  }),
];

function unlistedColumns(canWrite: boolean, onPublish: (u: Unlisted) => void) {
  return [
    unlisted.accessor('name', {
      header: 'Ürün',
      cell: ({ row }) => (
        <ProductLink id={row.original.productId} name={row.original.name} sku={row.original.sku} />
      ),
    }),
    unlisted.accessor('barcode', {
      header: 'Barkod',
      cell: ({ getValue }) => <span className="font-mono [overflow-wrap:anywhere]">{getValue()}</span>,
    }),
    unlisted.accessor('stock', {
      header: 'Stok',
      cell: ({ getValue }) => count(getValue()),
    }),
    ...(canWrite
      ? [
          unlisted.display({
            id: 'publish',
            header: 'Trendyol',
            cell: ({ row }) => (
              <Button look="secondary" onClick={() => onPublish(row.original)}>
                Trendyol’a gönder
                <span className="sr-only"> ({row.original.name})</span>
              </Button>
            ),
          }),
        ]
      : []),
  ];
}

/** One tab's page of listings: the table (cards on a phone), how many, the pager. */
function Listings({
  state,
  page,
  onPage,
}: {
  state: ListingStateName;
  page: number;
  onPage: (n: number) => void;
}) {
  const canWrite = has(useStaff(), 'catalog.write');
  const list = useTrendyolListings(state, page);
  const [editing, setEditing] = useState<Listing | null>(null);
  const [publishing, setPublishing] = useState<{ productId: number; name: string } | null>(null);
  const tab = LISTING_TABS.find((t) => t.state === state)!;
  if (list.isPending) return <Loading />;
  if (list.isError) return <FormError message={messageOf(list.error)} />;
  const a = list.data;
  const pageCount = Math.max(1, Math.ceil(a.total / a.perPage));
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm text-stone-700">
        {a.total === 0 ? tab.empty : `${a.total} ürün`}
      </p>
      {state === 'unlisted' && a.unlisted.length > 0 && (
        <DataTable data={a.unlisted} columns={unlistedColumns(canWrite, setPublishing)} caption={tab.label} />
      )}
      {state === 'linked' && a.listings.length > 0 && (
        <DataTable
          data={a.listings}
          columns={linkedColumns(canWrite, setEditing, (l) =>
            setPublishing({ productId: l.productId!, name: l.name ?? l.barcode }),
          )}
          caption={tab.label}
        />
      )}
      {state === 'channel_only' && a.listings.length > 0 && (
        <DataTable data={a.listings} columns={channelOnlyColumns} caption={tab.label} />
      )}
      <Pager page={a.page} pageCount={pageCount} onPage={onPage} />
      {publishing && (
        <PublishDialog
          productId={publishing.productId}
          name={publishing.name}
          onClose={() => setPublishing(null)}
        />
      )}
      {editing && (
        <StockBufferDialog
          barcode={editing.barcode}
          name={editing.name ?? editing.barcode}
          buffer={editing.stockBuffer}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

/**
 * Trendyol: the channel's health, one round at once (what it did, in words), and its listings by tab
 * (linked, the shop's barcodes Trendyol does not list, Trendyol's alone) with each linked one's buffer. The
 * tab and page live in the address.
 */
export function TrendyolPage() {
  const staff = useStaff();
  const canWrite = has(staff, 'catalog.write');
  const seesSettings = has(staff, 'settings.write');
  const health = useQuery(trendyolHealthQuery);
  const round = useRunRound();
  const [search, setSearch] = useSearchParams();
  const mappingsTab = search.get('durum') === MAPPINGS_TAB;
  const state = tabOf(search.get('durum'));
  const page = Number(search.get('sayfa')) || 1;
  const go = (to: ListingStateName, n = 1) =>
    setSearch(
      Object.fromEntries(
        Object.entries({
          durum: to === 'linked' ? '' : to,
          sayfa: n > 1 ? String(n) : '',
        }).filter(([, v]) => v !== ''),
      ),
    );
  const h = health.data;
  const status = h ? trendyolState(h) : null;
  return (
    <Page
      title="Trendyol"
      actions={
        canWrite ? (
          <Button disabled={round.isPending} onClick={() => round.mutate()}>
            {round.isPending ? 'Eşitleniyor…' : 'Şimdi eşitle'}
          </Button>
        ) : null
      }
    >
      <p className="text-sm text-stone-700">
        Stok tek: mağazadaki stok ve fiyat, barkodu eşleşen Trendyol ürünlerine dakikada bir gönderilir;
        Trendyol siparişleri “Siparişler” ekranına gelir.
        {seesSettings && (
          <>
            {' '}
            Eşitlemeyi ve fiyat kuralını{' '}
            <Link to={`${paths.settings}#trendyol`} className="text-amber-900 underline">
              Ayarlar
            </Link>{' '}
            ekranından açıp değiştirebilirsiniz.
          </>
        )}
      </p>
      {(round.data || round.isError) && (
        <section
          aria-label="Eşitlemenin sonucu"
          className="flex flex-col gap-1 rounded-lg border border-stone-300 bg-white p-4 text-sm"
        >
          <h2 className="text-lg font-semibold">Eşitlemenin sonucu</h2>
          {round.isError && <FormError message={messageOf(round.error)} />}
          {round.data && (
            <div role="status">
              <ul className="flex list-disc flex-col gap-1 pl-5">
                {roundSummary(round.data).map((line) => (
                  <li key={line} className={line.startsWith('Hata:') ? 'text-red-800' : undefined}>
                    {line}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
      )}
      <ServiceHealth
        title="Trendyol bağlantısı"
        keys={h && h.missing.length > 0 ? `eksik: ${h.missing.join(', ')}` : TRENDYOL_KEYS}
        {...healthQueryProps(health)}
        before={
          h &&
          status && (
            <HealthStateRow name={h.setting === 'on' ? 'Eşitleme açık' : 'Eşitleme kapalı'} state={status} />
          )
        }
        extra={
          h && (
            <>
              {h.pausedUntil && (
                <HealthRow term="Bekleniyor">{whenText(h.pausedUntil, '')} saatine kadar</HealthRow>
              )}
              <HealthRow term="Ürünler">
                {h.linked} eşleşen · {h.unlisted} Trendyol’da olmayan · {h.channelOnly} yalnız Trendyol’da
              </HealthRow>
              <HealthRow term="Onay bekleyen">{h.pending}</HealthRow>
              <HealthRow term="Gönderilemeyen">
                <span className={h.failing > 0 ? 'font-medium text-red-800' : undefined}>{h.failing}</span>
              </HealthRow>
            </>
          )
        }
      />
      <section aria-label="Trendyol ürünleri" className="flex flex-col gap-3">
        <nav aria-label="Ürün listeleri" className="flex flex-wrap gap-2">
          {LISTING_TABS.map((t) => (
            <Link
              key={t.state}
              to={{ search: t.state === 'linked' ? '' : `?durum=${t.state}` }}
              aria-current={t.state === state && !mappingsTab ? 'page' : undefined}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium ${
                t.state === state && !mappingsTab
                  ? 'border-amber-800 bg-amber-800 text-white'
                  : 'border-stone-400 bg-white text-stone-900 hover:bg-stone-100'
              }`}
            >
              {t.label}
            </Link>
          ))}
          <Link
            to={{ search: `?durum=${MAPPINGS_TAB}` }}
            aria-current={mappingsTab ? 'page' : undefined}
            className={`rounded-full border px-3 py-1.5 text-sm font-medium ${
              mappingsTab
                ? 'border-amber-800 bg-amber-800 text-white'
                : 'border-stone-400 bg-white text-stone-900 hover:bg-stone-100'
            }`}
          >
            Eşleştirmeler
          </Link>
        </nav>
        {mappingsTab ? <MappingsPart /> : <Listings state={state} page={page} onPage={(n) => go(state, n)} />}
      </section>
    </Page>
  );
}
