import { Form } from 'react-router';

/** A remove button that posts `productId` to the page's action (works without JavaScript). */
export function RemoveFromList({
  productId,
  describedBy,
  label,
}: {
  productId: number;
  describedBy: string;
  label: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="productId" value={productId} />
      <button
        type="submit"
        aria-describedby={describedBy}
        className="w-full rounded-lg border border-ink-800 px-3 py-2 text-sm font-medium text-ink-800 hover:bg-ink-800 hover:text-white"
      >
        {label}
      </button>
    </Form>
  );
}
