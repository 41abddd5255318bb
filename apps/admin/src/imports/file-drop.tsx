import { IMPORT_MAX_BYTES } from '@vitrin/shared/api/admin/imports';
import { type DragEvent, useId, useRef, useState } from 'react';

const MB = IMPORT_MAX_BYTES / (1024 * 1024);
const ACCEPTED = /\.(csv|xlsx)$/i;

/** What is wrong with a chosen file before it is sent (the server checks its content too). */
export function fileProblem(file: File): string | undefined {
  if (!ACCEPTED.test(file.name)) return 'Yalnızca .csv ya da .xlsx dosyası seçin.';
  if (file.size > IMPORT_MAX_BYTES) return `Dosya en fazla ${MB} MB olabilir.`;
  if (file.size === 0) return 'Dosya boş.';
  return undefined;
}

/** The file to import: chosen with the file input or dropped on its area. */
export function FileDrop({ file, onFile }: { file: File | null; onFile: (file: File) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (!dropped) return;
    // The input shows the dropped file as if chosen.
    if (input.current) input.current.files = event.dataTransfer.files;
    onFile(dropped);
  };
  return (
    // The drop is a shortcut for the pointer; the file input is the way for the keyboard and screen readers.
    <fieldset
      aria-label="Dosya seçimi"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`flex min-w-0 flex-col items-start gap-2 rounded-lg border-2 border-dashed p-4 ${over ? 'border-amber-700 bg-amber-50' : 'border-stone-400 bg-stone-50'}`}
    >
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        CSV ya da XLSX dosyası
      </label>
      {/* The browser's own button speaks the browser's language: ours says it in Turkish. */}
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <input
          ref={input}
          id={id}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={`${id}-hint`}
          className="peer sr-only"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onFile(chosen);
          }}
        />
        <label
          htmlFor={id}
          className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-stone-400 bg-white px-4 py-2 text-sm font-medium text-stone-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-800 hover:bg-stone-100"
        >
          Dosya seç
        </label>
        <span className="min-w-0 text-sm [overflow-wrap:anywhere]">
          {file ? <strong>{file.name}</strong> : 'Dosya seçilmedi'}
        </span>
      </div>
      <p id={`${id}-hint`} className="text-sm text-stone-700">
        Dosyayı buraya sürükleyip bırakabilirsiniz. En fazla {MB} MB ve 50.000 satır.
      </p>
    </fieldset>
  );
}
