/**
 * Uploads an image for a post through the panel's image endpoint (checked by content, size and dimensions,
 * stored as a resized WebP under `/uploads/posts/`): its `folder/file` path; a refusal's Turkish message is the error.
 */
export async function uploadPostImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('files', file);
  const response = await fetch('/api/admin/images?purpose=post', {
    method: 'POST',
    body,
    credentials: 'include',
  });
  const answer = (await response.json().catch(() => null)) as {
    images?: Array<{ path: string }>;
    error?: { message?: string; fields?: Record<string, string> };
  } | null;
  const stored = answer?.images?.[0]?.path;
  if (!response.ok || !stored) {
    throw new Error(answer?.error?.fields?.files ?? answer?.error?.message ?? 'Görsel yüklenemedi.');
  }
  return stored;
}
