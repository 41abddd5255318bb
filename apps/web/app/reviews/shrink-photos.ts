import { type RefObject, useEffect } from 'react';

/**
 * The review form's photos made small in the browser before they are sent: a phone's photo (3-5 MB, 4000 px)
 * becomes a JPEG of at most SIDE px, turned as its EXIF says, usually a few hundred kB, so that three of them
 * fit the page form's 5 MB. The server makes its own copy of whatever arrives (orientation, size, no
 * metadata); this only spares the upload. Without JavaScript, or where a browser cannot draw the file, the
 * originals are sent as chosen.
 */
const SIDE = 1600;
/** A file this small is sent as it is. */
const SMALL_ENOUGH = 400 * 1024;

async function shrink(file: File): Promise<File> {
  if (file.size <= SMALL_ENOUGH || !/^image\/(jpeg|png|webp)$/.test(file.type)) return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    // A PNG's transparent parts on white, as JPEG has none.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.88));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], `${file.name.replace(/\.[^.]*$/, '')}.jpg`, { type: 'image/jpeg' });
  } catch {
    return file;
  }
}

/**
 * Shrinks the photos chosen in `input` as they are chosen; a submit while that is still under way waits for
 * it and then goes on.
 */
export function useShrinkPhotos(input: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const field = input.current;
    const form = field?.form;
    if (!field || !form || typeof DataTransfer !== 'function' || typeof createImageBitmap !== 'function')
      return;
    let pending: Promise<void> | null = null;
    const onChange = () => {
      const chosen = [...(field.files ?? [])];
      if (chosen.length === 0) return;
      field.setAttribute('aria-busy', 'true');
      const run: Promise<void> = Promise.all(chosen.map(shrink)).then((files) => {
        // A newer choice made meanwhile wins.
        if (pending !== run) return;
        const list = new DataTransfer();
        for (const file of files) list.items.add(file);
        field.files = list.files;
        pending = null;
        field.removeAttribute('aria-busy');
      });
      pending = run;
    };
    const onSubmit = (event: SubmitEvent) => {
      if (!pending) return;
      // Before the form's own handler (which listens further up): sent once the photos are ready.
      event.preventDefault();
      event.stopPropagation();
      const submitter = event.submitter;
      void pending.then(() => form.requestSubmit(submitter));
    };
    field.addEventListener('change', onChange);
    form.addEventListener('submit', onSubmit);
    return () => {
      field.removeEventListener('change', onChange);
      form.removeEventListener('submit', onSubmit);
    };
  }, [input]);
}
