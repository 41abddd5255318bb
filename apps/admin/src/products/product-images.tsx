import {
  DndContext,
  type DragEndEvent,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { ADMIN_IMAGE_MAX_FILES } from '@vitrin/shared/api/admin/images';
import { useRef, useState } from 'react';
import { messageOf } from '../lib/api.ts';
import { Button } from '../ui/button.tsx';
import { ImageDropZone, thumbnail } from '../ui/image-drop-zone.tsx';
import { moved, uploadImage } from './product-images-upload.ts';

/** The product's images in order (the first is the main one) and their alt texts by path. */
export interface ProductImagesValue {
  images: string[];
  alts: Record<string, string>;
}

interface Props {
  value: ProductImagesValue;
  /**
   * The images in their new order, one added or one taken off. Each change says only what it changed (the
   * order, or one alt text): a drag library may call back late, from an older render, and must not carry
   * that render's alt texts back over ones typed since.
   */
  onImages: (images: string[]) => void;
  onAlt: (path: string, alt: string) => void;
  /** The product's name: what describes an image without an alt text. */
  productName: string;
  /** Read-only (a role without `catalog.write`). */
  disabled?: boolean;
}

interface Pending {
  key: string;
  name: string;
  preview: string;
  sent: number;
}

const announcements = {
  onDragStart: () => 'Görsel taşınmak üzere tutuldu.',
  onDragOver: () => 'Görsel başka bir görselin üzerinde.',
  onDragEnd: () => 'Görsel bırakıldı.',
  onDragCancel: () => 'Taşıma iptal edildi.',
};

/**
 * The product's images: dropped or picked several at once and uploaded one after another with their
 * progress, ordered by dragging or by buttons (keyboard, phone), each with an alt text; the first is the main
 * image. A refused file is named with the server's reason and left out; nothing of it stays on the server.
 */
export function ProductImages({ value, onImages, onAlt, productName, disabled = false }: Props) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  // Uploads finish after renders: the latest value is what each one adds to.
  const latest = useRef(value);
  latest.current = value;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const { images, alts } = value;

  async function add(files: File[]) {
    if (disabled || !files.length) return;
    const room = ADMIN_IMAGE_MAX_FILES - latest.current.images.length - pending.length;
    const taken = files.slice(0, Math.max(0, room));
    const refused = files
      .slice(taken.length)
      .map((f) => `"${f.name}" eklenmedi: bir ürünün en fazla ${ADMIN_IMAGE_MAX_FILES} görseli olabilir.`);
    setErrors(refused);
    const queued = taken.map((file, i) => ({
      file,
      key: `${Date.now()}-${i}-${file.name}`,
      name: file.name,
      preview: URL.createObjectURL(file),
      sent: 0,
    }));
    setPending((list) => [...list, ...queued.map(({ file: _f, ...p }) => p)]);
    // One after another: they arrive in the order chosen, and a phone's upload is not split four ways.
    for (const item of queued) {
      try {
        const stored = await uploadImage(item.file, (sent) =>
          setPending((list) => list.map((p) => (p.key === item.key ? { ...p, sent } : p))),
        );
        const now = latest.current;
        const images = [...now.images, stored.path];
        latest.current = { ...now, images };
        onImages(images);
      } catch (error) {
        // The server's refusals name the file already.
        const message = messageOf(error);
        const named = message.includes(item.name) ? message : `"${item.name}" yüklenemedi: ${message}`;
        setErrors((list) => [...list, named]);
      } finally {
        URL.revokeObjectURL(item.preview);
        setPending((list) => list.filter((p) => p.key !== item.key));
      }
    }
  }

  const move = (from: number, to: number) => onImages(moved(images, from, to));
  const remove = (path: string) => onImages(images.filter((p) => p !== path));

  const onDragEnd = (event: DragEndEvent) => {
    const from = images.indexOf(String(event.active.id));
    const to = images.indexOf(String(event.over?.id ?? ''));
    if (from >= 0 && to >= 0 && from !== to) move(from, to);
  };

  return (
    <div className="flex flex-col gap-3">
      {!disabled && (
        <ImageDropZone multiple onFiles={(files) => void add(files)}>
          JPEG, PNG, WebP ya da AVIF; her biri en fazla 10 MB, en az 300×300 piksel; en fazla{' '}
          {ADMIN_IMAGE_MAX_FILES} görsel. İlk görsel ana görseldir.
        </ImageDropZone>
      )}
      <div role="alert">
        {errors.length > 0 && (
          <ul className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
      </div>
      {images.length === 0 && pending.length === 0 && (
        <p className="text-sm text-stone-700">Bu ürünün görseli yok.</p>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={pointerWithin}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'Görseli fareyle sürükleyerek taşıyın; klavyede ya da telefonda Sola taşı ve Sağa taşı düğmelerini kullanın.',
          },
        }}
      >
        <ol aria-label="Ürün görselleri" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {images.map((path, i) => (
            <ImageTile
              key={path}
              path={path}
              index={i}
              count={images.length}
              alt={alts[path] ?? ''}
              productName={productName}
              disabled={disabled}
              onMove={move}
              onRemove={remove}
              onAlt={onAlt}
            />
          ))}
          {pending.map((p) => (
            <li key={p.key} className="flex flex-col gap-2 rounded-lg border border-stone-300 bg-white p-2">
              <img
                src={p.preview}
                alt=""
                className="aspect-square w-full rounded-md object-cover opacity-60"
              />
              <label className="flex flex-col gap-1 text-sm">
                <span className="truncate">{p.name} yükleniyor</span>
                <progress max={1} value={p.sent} className="w-full accent-amber-800" />
              </label>
            </li>
          ))}
        </ol>
      </DndContext>
    </div>
  );
}

function ImageTile({
  path,
  index,
  count,
  alt,
  productName,
  disabled,
  onMove,
  onRemove,
  onAlt,
}: {
  path: string;
  index: number;
  count: number;
  alt: string;
  productName: string;
  disabled: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (path: string) => void;
  onAlt: (path: string, alt: string) => void;
}) {
  const drag = useDraggable({ id: path, disabled });
  const drop = useDroppable({ id: path, disabled });
  const n = index + 1;
  const main = index === 0;
  const shift = drag.transform ? `translate(${drag.transform.x}px, ${drag.transform.y}px)` : undefined;
  return (
    <li
      ref={drop.setNodeRef}
      data-testid="product-image"
      data-path={path}
      className={`flex flex-col gap-2 rounded-lg border bg-white p-2 ${drop.isOver && !drag.isDragging ? 'border-amber-800 ring-2 ring-amber-800' : 'border-stone-300'}`}
    >
      <div
        ref={drag.setNodeRef}
        style={{ transform: shift }}
        className={`relative ${drag.isDragging ? 'z-10 opacity-80' : ''}`}
      >
        <img
          src={thumbnail(path)}
          alt={alt || `${productName}: görsel ${n}`}
          className="aspect-square w-full rounded-md border border-stone-200 object-cover"
          loading="lazy"
        />
        {main && (
          <span className="absolute top-2 left-2 rounded bg-amber-800 px-2 py-0.5 text-xs font-medium text-white">
            Ana görsel
          </span>
        )}
        {!disabled && (
          <button
            type="button"
            {...drag.listeners}
            {...drag.attributes}
            aria-label={`Sürükleyerek taşı: görsel ${n}`}
            className="absolute top-2 right-2 min-h-10 min-w-10 cursor-grab touch-none rounded-md bg-white/90 px-2 text-lg text-stone-900 shadow"
          >
            ⠿
          </button>
        )}
      </div>
      <label className="flex flex-col gap-1 text-sm">
        <span>Açıklama (alt metin), görsel {n}</span>
        <input
          type="text"
          value={alt}
          maxLength={200}
          disabled={disabled}
          placeholder={productName || 'Görseli kısaca anlatın'}
          onChange={(event) => onAlt(path, event.target.value)}
          className="min-h-10 rounded-md border border-stone-400 px-3 py-2"
        />
      </label>
      {!disabled && (
        <div className="flex flex-wrap gap-2">
          <Button
            look="secondary"
            className="px-3"
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
            aria-label={`Sola taşı: görsel ${n}`}
          >
            ←
          </Button>
          <Button
            look="secondary"
            className="px-3"
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
            aria-label={`Sağa taşı: görsel ${n}`}
          >
            →
          </Button>
          {!main && (
            <Button
              look="secondary"
              className="px-3"
              onClick={() => onMove(index, 0)}
              aria-label={`Ana görsel yap: görsel ${n}`}
            >
              Ana görsel yap
            </Button>
          )}
          <Button
            look="secondary"
            className="px-3"
            onClick={() => onRemove(path)}
            aria-label={`Kaldır: görsel ${n}`}
          >
            Kaldır
          </Button>
        </div>
      )}
    </li>
  );
}
