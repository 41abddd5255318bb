import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminReview,
  REJECT_REASON_MAX,
  REVIEW_ANSWER_MAX,
  type ReviewAnswerRequest,
  type ReviewRejectRequest,
  reviewAnswerRequest,
  reviewRejectRequest,
} from '@vitrin/shared/api/admin/reviews';
import { useForm } from 'react-hook-form';
import { showApiError } from '../lib/form-errors.ts';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { FormError } from '../ui/field.tsx';
import { FormTextarea } from '../ui/form-fields.tsx';
import type { useReviewChange } from './reviews-api.ts';

type Change = ReturnType<typeof useReviewChange>;

/** Not publishing a review: the reason, which its writer is e-mailed. */
export function RejectDialog({
  review,
  reject,
  onClose,
}: {
  review: AdminReview;
  reject: Change['reject'];
  onClose: () => void;
}) {
  const form = useForm<ReviewRejectRequest>({
    resolver: zodResolver(reviewRejectRequest),
    defaultValues: { reason: review.rejectReason ?? '' },
  });
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await reject.mutateAsync(reason);
      onClose();
    } catch (error) {
      showApiError(error, form.setError, ['reason']);
    }
  });
  return (
    <Dialog title="Değerlendirmeyi yayımlama" open onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <p className="text-sm">
          “{review.title}” yayımlanmaz{review.status === 'approved' ? ' ve yayından kaldırılır' : ''}.
          Yazdığınız neden, değerlendirmeyi yazan müşteriye ({review.customer.email}) e-postayla gönderilir.
        </p>
        <FormTextarea
          form={form}
          name="reason"
          label="Neden"
          rows={4}
          maxLength={REJECT_REASON_MAX}
          hint={`3-${REJECT_REASON_MAX} karakter; müşteri bu metni okur.`}
        />
        <FormError message={form.formState.errors.root?.server?.message} />
        <DialogActions onCancel={onClose} saving={form.formState.isSubmitting} submitLabel="Yayımlama" />
      </form>
    </Dialog>
  );
}

/** The shop's public answer under the review: written, changed, or (left empty) removed. */
export function AnswerDialog({
  review,
  change,
  onClose,
}: {
  review: AdminReview;
  change: Change;
  onClose: () => void;
}) {
  const form = useForm<ReviewAnswerRequest>({
    resolver: zodResolver(reviewAnswerRequest),
    defaultValues: { answer: review.answer ?? '' },
  });
  const submit = form.handleSubmit(async ({ answer }) => {
    try {
      await change.answer.mutateAsync(answer);
      onClose();
    } catch (error) {
      showApiError(error, form.setError, ['answer']);
    }
  });
  const remove = async () => {
    try {
      await change.removeAnswer.mutateAsync();
      onClose();
    } catch (error) {
      showApiError(error, form.setError, []);
    }
  };
  return (
    <Dialog title={review.answer ? 'Yanıtı düzenle' : 'Yanıtla'} open onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <blockquote className="border-l-4 border-stone-300 pl-3 text-sm text-stone-700">
          <p className="font-medium text-stone-900">{review.title}</p>
          <p className="whitespace-pre-line">{review.body}</p>
        </blockquote>
        <FormTextarea
          form={form}
          name="answer"
          label="Mağazanın yanıtı"
          rows={5}
          maxLength={REVIEW_ANSWER_MAX}
          hint={`Ürün sayfasında değerlendirmenin altında herkese görünür; düz metin, en fazla ${REVIEW_ANSWER_MAX} karakter.`}
        />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="flex flex-wrap justify-between gap-2">
          {review.answer ? (
            <button
              type="button"
              className="text-sm text-red-800 underline"
              disabled={change.removeAnswer.isPending}
              onClick={remove}
            >
              Yanıtı kaldır
            </button>
          ) : (
            <span />
          )}
          <DialogActions
            onCancel={onClose}
            saving={form.formState.isSubmitting}
            submitLabel="Yanıtı kaydet"
          />
        </div>
      </form>
    </Dialog>
  );
}
