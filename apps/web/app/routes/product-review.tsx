import { MAX_REVIEW_PHOTO_BYTES, REVIEW_LIMITS } from '@vitrin/shared/api/reviews-context';
import { useRef } from 'react';
import { data, redirect } from 'react-router';
import {
  AccountForm,
  FieldFrame,
  type FormFailure,
  fieldId,
  TextField,
  useFormState,
} from '../account/form.tsx';
import { accountMeta, NO_STORE } from '../account/meta.ts';
import { failed, requireCustomer } from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { loginPathFor } from '../lib/return-to.ts';
import { notFound, param, parseParams } from '../lib/route-params.server.ts';
import { useShrinkPhotos } from '../reviews/shrink-photos.ts';
import { TextAreaField } from '../support/fields.tsx';
import type { Route } from './+types/product-review';
import '../i18n/tr-review-form.ts';

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  accountMeta(
    matches,
    loaded ? i18n.t('reviewForm.formTitle', { name: loaded.product.name }) : i18n.t('reviews.write'),
  );

/** The review form of a product: who may write, or why not; `?sent=1` after a review was taken. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { slug } = parseParams({ params, request }, { slug: param.slug });
  const form = await context.reviews.form(slug);
  if (!form) notFound(request);
  const url = new URL(request.url);
  return { ...form, sent: url.searchParams.get('sent') === '1', loginPath: loginPathFor(url) };
}

/**
 * A page's multipart post may be 6 MB in all (the server's form limit, as for a ticket's attachment): the
 * photos of the page's form share 5 MB, while the API takes 5 MB each. Larger is refused before it is read.
 */
const MAX_FORM_BYTES = MAX_REVIEW_PHOTO_BYTES + 64 * 1024;

/** Writes the review (multipart: up to 3 photos); works without JavaScript as a plain post. */
export async function action({ params, request, context }: Route.ActionArgs) {
  await requireCustomer({ request, context });
  const { slug } = parseParams({ params, request }, { slug: param.slug });
  const length = Number(request.headers.get('content-length') ?? '0');
  if (Number.isFinite(length) && length > MAX_FORM_BYTES) {
    const message = i18n.t('reviewForm.photosHint');
    return data<FormFailure>(
      { error: { code: 'DOSYA_COK_BUYUK', message, fields: { photos: message } }, values: {} },
      { status: 413, headers: NO_STORE },
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ message: i18n.t('error.formUnreadable') }, { status: 400, headers: NO_STORE });
  }
  const fields: Record<string, FormDataEntryValue | FormDataEntryValue[]> = Object.fromEntries(form);
  fields.photos = form.getAll('photos');
  const result = await context.reviews.submit(slug, fields);
  if (!result.ok) {
    const { photos: _photos, ...text } = fields;
    return failed(request, result, text as Record<string, FormDataEntryValue>);
  }
  throw redirect(`/product/${slug}/review?sent=1`, { headers: NO_STORE });
}

export const headers = () => NO_STORE;

/** Five radio buttons as stars: a keyboard moves between them, each named "n yıldız". */
function RatingField() {
  const { t } = useTranslation();
  const { id: formId, errors, values } = useFormState();
  const id = fieldId(formId, 'rating');
  const error = errors.rating;
  const chosen = values.rating;
  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-ink-900">
        {t('reviewForm.rating')} <span aria-hidden="true">*</span>
        <span className="sr-only">{t('form.required')}</span>
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            htmlFor={`${id}-${n}`}
            className="cursor-pointer rounded-lg border border-sand-300 bg-white px-3 py-2 text-ink-900 has-[:checked]:border-amber-700 has-[:checked]:bg-amber-100 has-[:focus-visible]:outline-2"
          >
            <input
              id={`${id}-${n}`}
              type="radio"
              name="rating"
              value={n}
              defaultChecked={chosen === String(n)}
              aria-invalid={error ? true : undefined}
              className="sr-only"
            />
            <span aria-hidden="true">
              <span className="text-amber-600">{'★'.repeat(n)}</span>
              <span className="text-sand-300">{'★'.repeat(5 - n)}</span>
            </span>
            <span className="sr-only">{t('reviewForm.ratingOption', { n })}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function PhotosField() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  useShrinkPhotos(input);
  return (
    <FieldFrame name="photos" label={t('reviewForm.photos')} hint={t('reviewForm.photosHint')}>
      {(field) => (
        <input
          ref={input}
          type="file"
          multiple
          id={field.id}
          name={field.name}
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={field['aria-invalid']}
          aria-describedby={field['aria-describedby']}
          className="mt-1 block w-full text-sm text-ink-900 file:mr-3 file:rounded-lg file:border file:border-ink-800 file:bg-white file:px-3 file:py-2 file:font-medium file:text-ink-900 hover:file:bg-sand-100"
        />
      )}
    </FieldFrame>
  );
}

export default function ProductReviewRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { product, eligibility, sent, loginPath } = loaderData;
  const back = (
    <AppLink to={`/product/${product.slug}`} className="text-clay-700 underline underline-offset-2">
      {t('reviewForm.backToProduct')}
    </AppLink>
  );
  const notice = (text: string, testId: string, extra?: React.ReactNode) => (
    <div className="rounded-lg border border-sand-300 bg-white p-4" data-testid={testId} role="status">
      <p className="text-ink-900">{text}</p>
      <p className="mt-3 flex flex-wrap gap-4">
        {extra}
        {back}
      </p>
    </div>
  );
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-ink-900">
        {t('reviewForm.formTitle', { name: product.name })}
      </h1>
      <div className="mt-6">
        {sent ? (
          notice(t('reviewForm.received'), 'review-received')
        ) : eligibility === 'login' ? (
          notice(
            t('reviewForm.loginNeeded'),
            'review-login',
            <a href={loginPath} className="font-medium text-clay-700 underline underline-offset-2">
              {t('reviewForm.login')}
            </a>,
          )
        ) : eligibility === 'not-buyer' ? (
          notice(t('reviewForm.notBuyer'), 'review-not-buyer')
        ) : eligibility === 'reviewed' ? (
          notice(
            t('reviewForm.reviewed'),
            'review-reviewed',
            <AppLink to="/panel/reviews" className="text-clay-700 underline underline-offset-2">
              {t('reviewForm.myReviews')}
            </AppLink>,
          )
        ) : (
          <>
            <p className="mb-4 text-ink-700">{t('reviewForm.formIntro')}</p>
            <AccountForm
              id="review"
              failure={actionData}
              submitLabel={t('reviewForm.submit')}
              encType="multipart/form-data"
              footer={back}
            >
              <RatingField />
              <TextField
                name="title"
                label={t('reviewForm.reviewTitle')}
                hint={t('reviewForm.reviewTitleHint')}
                required
                minLength={REVIEW_LIMITS.titleMin}
                maxLength={REVIEW_LIMITS.title}
              />
              <TextAreaField
                name="body"
                label={t('reviewForm.body')}
                hint={t('reviewForm.bodyHint')}
                required
                minLength={REVIEW_LIMITS.bodyMin}
                maxLength={REVIEW_LIMITS.body}
              />
              <PhotosField />
            </AccountForm>
          </>
        )}
      </div>
    </main>
  );
}
