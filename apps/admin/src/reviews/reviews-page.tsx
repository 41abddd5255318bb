import { createColumnHelper } from '@tanstack/react-table';
import { type AdminReview, REVIEW_STATUS_LABELS } from '@vitrin/shared/api/admin/reviews';
import { formatDateTime } from '@vitrin/shared/dates';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pager } from '../audit/pager.tsx';
import { ApiError, messageOf } from '../lib/api.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { Badge, type Tone } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { Field, FormError, Input, Select } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { AnswerDialog, RejectDialog } from './review-dialogs.tsx';
import {
  type ReviewFilters,
  reviewFilters,
  reviewSearch,
  useReviewChange,
  useReviewList,
} from './reviews-api.ts';

const column = createColumnHelper<AdminReview>();

const STATUS_TONES: Record<AdminReview['status'], Tone> = {
  pending: 'warn',
  approved: 'good',
  rejected: 'bad',
};

/** Five stars as text, and what they mean for a screen reader. */
function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`5 üzerinden ${rating} puan`} className="whitespace-nowrap text-amber-800">
      {'★'.repeat(rating)}
      <span className="text-stone-400">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

/** The review itself: stars, title, text, photos and the shop's answer, if any. */
function ReviewText({ review }: { review: AdminReview }) {
  return (
    <div className="flex max-w-xl flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className="font-medium text-stone-900">{review.title}</span>
      </div>
      <p className="whitespace-pre-line [overflow-wrap:anywhere] text-stone-800">{review.body}</p>
      {review.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Fotoğraflar">
          {review.photos.map((src, k) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer" className="block">
                <img
                  src={src}
                  alt={`Müşterinin ${k + 1}. fotoğrafı`}
                  loading="lazy"
                  width={64}
                  height={64}
                  className="size-16 rounded border border-stone-300 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.rejectReason && review.status === 'rejected' && (
        <p className="text-sm text-red-900">Yayımlanmama nedeni: {review.rejectReason}</p>
      )}
      {review.answer && (
        <div className="mt-1 rounded border border-stone-200 bg-stone-50 p-2 text-sm">
          <span className="font-medium">Mağazanın yanıtı: </span>
          <span className="whitespace-pre-line [overflow-wrap:anywhere]">{review.answer}</span>
        </div>
      )}
    </div>
  );
}

/** Onayla, Yayımlama and Yanıtla as the staff member's role allows, and the refusal of the last one tried. */
function ReviewActions({ review }: { review: AdminReview }) {
  const staff = useStaff();
  const canModerate = has(staff, 'reviews.moderate');
  const canAnswer = has(staff, 'reviews.answer');
  const change = useReviewChange(review);
  const [dialog, setDialog] = useState<'reject' | 'answer'>();
  const which = ` (${review.title})`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {canModerate && review.status !== 'approved' && (
          <Button disabled={change.approve.isPending} onClick={() => change.approve.mutate()}>
            Onayla<span className="sr-only">{which}</span>
          </Button>
        )}
        {canModerate && review.status !== 'rejected' && (
          <Button look="secondary" onClick={() => setDialog('reject')}>
            {review.status === 'approved' ? 'Yayından kaldır' : 'Reddet'}
            <span className="sr-only">{which}</span>
          </Button>
        )}
        {canAnswer && (
          <Button look="secondary" onClick={() => setDialog('answer')}>
            {review.answer ? 'Yanıtı düzenle' : 'Yanıtla'}
            <span className="sr-only">{which}</span>
          </Button>
        )}
      </div>
      {change.approve.error && <FormError message={messageOf(change.approve.error)} />}
      {dialog === 'reject' && (
        <RejectDialog review={review} reject={change.reject} onClose={() => setDialog(undefined)} />
      )}
      {dialog === 'answer' && (
        <AnswerDialog review={review} change={change} onClose={() => setDialog(undefined)} />
      )}
    </div>
  );
}

const columns = [
  column.accessor('title', {
    header: 'Değerlendirme',
    cell: ({ row }) => <ReviewText review={row.original} />,
  }),
  column.accessor('product', {
    header: 'Ürün',
    cell: ({ getValue }) => (
      <a
        href={`/product/${encodeURIComponent(getValue().slug)}`}
        target="_blank"
        rel="noreferrer"
        className="text-amber-900 underline [overflow-wrap:anywhere]"
      >
        {getValue().name}
      </a>
    ),
  }),
  column.accessor('customer', {
    header: 'Müşteri',
    cell: ({ row: { original: r } }) => (
      <div>
        <div>{r.customer.name}</div>
        <div className="text-sm [overflow-wrap:anywhere] text-stone-700">{r.customer.email}</div>
        {r.orderNo && <div className="text-sm text-stone-700">Sipariş {r.orderNo}</div>}
      </div>
    ),
  }),
  column.accessor('createdAt', {
    header: 'Tarih',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDateTime(getValue())}</span>,
  }),
  column.accessor('status', {
    header: 'Durum',
    cell: ({ getValue }) => <Badge tone={STATUS_TONES[getValue()]}>{REVIEW_STATUS_LABELS[getValue()]}</Badge>,
  }),
  column.display({
    id: 'actions',
    header: 'İşlemler',
    cell: ({ row }) => <ReviewActions review={row.original} />,
  }),
];

const TABS = [
  { status: 'pending', label: REVIEW_STATUS_LABELS.pending },
  { status: 'approved', label: REVIEW_STATUS_LABELS.approved },
  { status: 'rejected', label: REVIEW_STATUS_LABELS.rejected },
  { status: '', label: 'Tümü' },
] as const;

/**
 * Product reviews: the ones waiting first, by state with each state's count, searched by product, rating and
 * photos, a page at a time (all in the address). Approving and rejecting need `reviews.moderate`; support
 * answers only.
 */
export function ReviewsPage() {
  const [search, setSearch] = useSearchParams();
  const filters = reviewFilters(search);
  const list = useReviewList(search);
  const [text, setText] = useState(filters.q);
  const [rating, setRating] = useState(filters.rating);
  const [photos, setPhotos] = useState(filters.photos);
  const go = (over: Partial<ReviewFilters>) => setSearch(reviewSearch({ ...filters, page: 1, ...over }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: text, rating, photos });
  };
  const bad = list.error instanceof ApiError && list.error.status === 400 ? list.error : undefined;
  const counts = list.data?.counts;
  return (
    <Page title="Değerlendirmeler">
      <nav aria-label="Değerlendirme durumları" className="flex flex-wrap gap-2">
        {TABS.map((each) => {
          const current = each.status === filters.status;
          const count = counts && each.status ? ` (${counts[each.status]})` : '';
          return (
            <button
              key={each.label}
              type="button"
              aria-current={current ? 'page' : undefined}
              onClick={() => go({ status: each.status })}
              className={`min-h-10 rounded-md border px-4 py-2 text-sm font-medium ${current ? 'border-amber-800 bg-amber-800 text-white' : 'border-stone-400 bg-white text-stone-900 hover:bg-stone-100'}`}
            >
              {each.label}
              {count}
            </button>
          );
        })}
      </nav>
      <search>
        <form
          onSubmit={submit}
          noValidate
          className="grid gap-3 rounded-lg border border-stone-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
        >
          <Field label="Ürün (ad ya da adres)" error={bad?.fields.q}>
            {(control) => (
              <Input {...control} type="search" value={text} onChange={(e) => setText(e.target.value)} />
            )}
          </Field>
          <Field label="Puan" error={bad?.fields.rating}>
            {(control) => (
              <Select {...control} value={rating} onChange={(e) => setRating(e.target.value)}>
                <option value="">Tümü</option>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={String(n)}>
                    {n} yıldız
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <label className="flex min-h-10 items-center gap-2 text-sm font-medium text-stone-800">
            <input
              type="checkbox"
              className="size-5"
              checked={photos}
              onChange={(e) => setPhotos(e.target.checked)}
            />
            Yalnızca fotoğraflı olanlar
          </label>
          <Button type="submit">Süz</Button>
        </form>
      </search>
      {list.isPending && <Loading />}
      {list.isError && !bad && <FormError message={messageOf(list.error)} />}
      {list.data && (
        <>
          <p className="text-sm text-stone-700" role="status">
            {list.data.total === 0
              ? 'Bu seçimlere uyan değerlendirme yok.'
              : `${list.data.total} değerlendirme`}
          </p>
          {list.data.items.length > 0 && (
            <DataTable data={list.data.items} columns={columns} caption="Değerlendirmeler" />
          )}
          <Pager page={list.data.page} pageCount={list.data.pageCount} onPage={(page) => go({ page })} />
        </>
      )}
    </Page>
  );
}
