import type { AdminImageAnswer, AdminImagePurpose } from '@vitrin/shared/api/admin/images';
import { isApiErrorBody } from '@vitrin/shared/api/error-body';
import { ApiError } from '../lib/api.ts';

export type UploadedImage = AdminImageAnswer['images'][number];

/**
 * Sends one file to `POST /api/admin/images` and reports the bytes sent (0..1) as they go: fetch has no upload
 * progress, so this is an XMLHttpRequest. A refusal becomes an `ApiError` with the server's Turkish message.
 */
export function uploadImage(
  file: File,
  onProgress: (sent: number) => void,
  purpose: AdminImagePurpose = 'product',
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/images?purpose=${purpose}`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'BAGLANTI_YOK', 'Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.'),
      );
    xhr.onload = () => {
      const data: unknown = xhr.response;
      if (xhr.status === 201) {
        const image = (data as AdminImageAnswer).images[0];
        if (image) return resolve(image);
      }
      reject(
        isApiErrorBody(data)
          ? new ApiError(xhr.status, data.error.code, data.error.message, data.error.fields)
          : new ApiError(
              xhr.status,
              'BEKLENMEYEN_YANIT',
              `"${file.name}" yüklenemedi: sunucu beklenmeyen bir yanıt verdi (${xhr.status}).`,
            ),
      );
    };
    const body = new FormData();
    body.append('files', file, file.name);
    xhr.send(body);
  });
}

/** The list with the item at `from` moved to `to` (the others keep their order). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined || to < 0 || to > list.length - 1) return [...list];
  next.splice(to, 0, item);
  return next;
}
