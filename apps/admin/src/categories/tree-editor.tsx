import {
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { type ReactNode, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { isWithin, placeBy, placeByDrop, type TreeItem, type TreePlace } from './tree-place.ts';

type Zone = 'before' | 'after' | 'inside';

interface Props<T extends TreeItem> {
  /** Depth-first, each with its depth. */
  items: readonly T[];
  /** A node's name in the buttons' labels ("Yukarı taşı: Giyim"). */
  nameOf: (item: T) => string;
  /** What a row shows. */
  render: (item: T) => ReactNode;
  /** A row's own buttons (edit, delete). */
  actions?: (item: T) => ReactNode;
  /** False: the tree is only shown (no dragging, no moving buttons). */
  editable: boolean;
  busy: boolean;
  onMove: (id: number, place: TreePlace) => void;
  /** The list's name for screen readers ("Kategori ağacı"). */
  label: string;
}

/** The top, middle or bottom of a row under the pointer: before it, inside it, after it. */
function zoneOf(event: DragMoveEvent | DragEndEvent): Zone | undefined {
  const over = event.over?.rect;
  const start = event.activatorEvent as PointerEvent | undefined;
  if (!over || !start || typeof start.clientY !== 'number') return undefined;
  const y = start.clientY + event.delta.y;
  const part = (y - over.top) / over.height;
  return part < 0.3 ? 'before' : part > 0.7 ? 'after' : 'inside';
}

const announcements = {
  onDragStart: () => 'Öğe taşınmak üzere tutuldu.',
  onDragOver: () => 'Öğe başka bir öğenin üzerinde.',
  onDragEnd: () => 'Öğe bırakıldı.',
  onDragCancel: () => 'Taşıma iptal edildi.',
};

/**
 * An ordered tree edited by dragging a row's handle (above a row, below it, or onto its middle to nest it)
 * and by four buttons per row that do the same from the keyboard or a phone: up, down, under the row above
 * (içeri al), out of its parent (dışarı al).
 */
export function TreeEditor<T extends TreeItem>(props: Props<T>) {
  const { items, onMove } = props;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const [target, setTarget] = useState<{ id: number; zone: Zone }>();
  const [dragged, setDragged] = useState<number>();

  const drop = (event: DragEndEvent) => {
    setTarget(undefined);
    setDragged(undefined);
    const overItem = items.find((i) => i.id === event.over?.id);
    const zone = zoneOf(event);
    const id = Number(event.active.id);
    if (!overItem || !zone || overItem.id === id) return;
    const place = placeByDrop(items, id, overItem, zone);
    if (place) onMove(id, place);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'Sıralamak için satırın düğmelerini kullanın: yukarı, aşağı, içeri al, dışarı al.',
        },
      }}
      onDragStart={(event) => setDragged(Number(event.active.id))}
      onDragMove={(event) => {
        const zone = zoneOf(event);
        const over = event.over ? Number(event.over.id) : undefined;
        setTarget(over !== undefined && zone ? { id: over, zone } : undefined);
      }}
      onDragCancel={() => {
        setTarget(undefined);
        setDragged(undefined);
      }}
      onDragEnd={drop}
    >
      <ul aria-label={props.label} className="flex flex-col gap-2">
        {items.map((item) => (
          <Row
            key={item.id}
            {...props}
            item={item}
            zone={target?.id === item.id ? target.zone : undefined}
            refused={dragged !== undefined && isWithin(items, dragged, item.id)}
            move={(how) => {
              const place = placeBy(items, item, how);
              if (place) onMove(item.id, place);
            }}
          />
        ))}
      </ul>
    </DndContext>
  );
}

const zoneLook: Record<Zone, string> = {
  before: 'border-t-4 border-t-amber-700',
  after: 'border-b-4 border-b-amber-700',
  inside: 'bg-amber-50 ring-2 ring-amber-700',
};

function Row<T extends TreeItem>({
  item,
  items,
  nameOf,
  render,
  actions,
  editable,
  busy,
  zone,
  refused,
  move,
}: Props<T> & {
  item: T;
  zone: Zone | undefined;
  refused: boolean;
  move: (how: 'up' | 'down' | 'indent' | 'outdent') => void;
}) {
  const drag = useDraggable({ id: item.id, disabled: !editable || busy });
  const dropZone = useDroppable({ id: item.id, disabled: !editable || refused });
  const name = nameOf(item);
  const can = (how: 'up' | 'down' | 'indent' | 'outdent') => !busy && placeBy(items, item, how) !== undefined;
  const moveButton = (how: 'up' | 'down' | 'indent' | 'outdent', mark: string, text: string) => (
    <Button
      look="secondary"
      className="px-3"
      title={text}
      aria-label={`${text}: ${name}`}
      disabled={!can(how)}
      onClick={() => move(how)}
    >
      <span aria-hidden="true">{mark}</span>
    </Button>
  );
  const shift = drag.transform ? `translate3d(${drag.transform.x}px, ${drag.transform.y}px, 0)` : undefined;
  return (
    <li
      ref={dropZone.setNodeRef}
      data-tree-id={item.id}
      style={{ marginInlineStart: `${Math.min(item.depth, 6) * 1.25}rem` }}
      className={`rounded-md border border-stone-300 bg-white ${zone && !refused ? zoneLook[zone] : ''}`}
    >
      <div
        ref={drag.setNodeRef}
        style={shift ? { transform: shift, position: 'relative', zIndex: 10 } : undefined}
        className={`flex flex-col gap-2 p-3 sm:flex-row sm:items-center ${drag.isDragging ? 'bg-white opacity-80 shadow-lg' : ''}`}
      >
        <div className="flex min-w-0 flex-1 items-center gap-3">
          {editable && (
            <div
              {...drag.listeners}
              aria-hidden="true"
              title="Sürükleyerek taşıyın"
              data-drag-handle
              className="flex h-10 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded text-lg text-stone-600 select-none hover:bg-stone-100"
            >
              ⠿
            </div>
          )}
          <div className="min-w-0 flex-1">{render(item)}</div>
        </div>
        {(editable || actions) && (
          <div className="flex flex-wrap gap-2">
            {editable && (
              <div className="flex gap-1.5 sm:gap-2">
                {moveButton('up', '↑', 'Yukarı taşı')}
                {moveButton('down', '↓', 'Aşağı taşı')}
                {moveButton('indent', '→', 'İçeri al (üstteki öğenin altına)')}
                {moveButton('outdent', '←', 'Dışarı al (üst öğenin yanına)')}
              </div>
            )}
            {actions && <div className="flex gap-1.5 sm:gap-2">{actions(item)}</div>}
          </div>
        )}
      </div>
    </li>
  );
}
