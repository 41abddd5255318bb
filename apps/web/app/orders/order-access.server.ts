/** `?order=` and `?token=` of a guest link (order-success, secure-pay); null when the link has no order. */
export function orderLink(request: Request): { orderNo: string; token: string | null } | null {
  const params = new URL(request.url).searchParams;
  const orderNo = params.get('order')?.trim();
  if (!orderNo) return null;
  return { orderNo, token: params.get('token') };
}
