import type { ImportAnswer } from '@vitrin/shared/api/admin/imports';
import { useState } from 'react';
import { apiLink } from '../documents/links.ts';
import { messageOf } from '../lib/api.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { Page } from '../ui/page.tsx';
import { ColumnHelp } from './column-help.tsx';
import { EXAMPLE_HREF, EXAMPLE_NAME } from './example.ts';
import { FileDrop, fileProblem } from './file-drop.tsx';
import { ImportChanges, ImportErrors, ImportProgressBar, ImportSummary } from './import-result.tsx';
import { type Run, runId, useImportProgress, useImportRun } from './imports-api.ts';

const linkLook =
  'inline-flex min-h-10 items-center justify-center rounded-md bg-amber-800 px-4 py-2 text-sm font-medium text-white hover:bg-amber-900';

/** What the last answer says, in one sentence. */
function verdict(answer: ImportAnswer) {
  const { summary } = answer;
  if (answer.dryRun) {
    return summary.errors > 0
      ? `Dosyada ${summary.errors} hatalı satır var; hiçbir şey değişmedi. Dosyayı düzeltip yeniden kontrol edin.`
      : 'Dosya hatasız. Hiçbir şey değişmedi; şimdi içe aktarabilirsiniz.';
  }
  if (summary.errors > 0) return 'İçe aktarma hatalı satırlar yüzünden yapılmadı; hiçbir şey değişmedi.';
  return summary.create + summary.update === 0
    ? 'İçe aktarma bitti: her şey zaten dosyadaki gibiydi, hiçbir şey değişmedi.'
    : 'İçe aktarma bitti; mağaza hemen güncellendi.';
}

/**
 * Products from a CSV or XLSX file: a dry run first (every row's errors, nothing changed), the import only
 * after a clean dry run of the same file, with its progress; the catalogue's export, the columns and an example.
 */
export function ImportsPage() {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const [run, setRun] = useState<Run>();
  const [last, setLast] = useState<{ run: Run; answer: ImportAnswer }>();
  const importRun = useImportRun();
  const progress = useImportProgress(run?.id, importRun.isPending);

  const choose = (chosen: File) => {
    setFile(chosen);
    setProblem(fileProblem(chosen));
    setLast(undefined);
    importRun.reset();
  };
  const start = (dryRun: boolean) => {
    if (!file) return;
    const next = { id: runId(), file, dryRun };
    setRun(next);
    importRun.mutate(next, { onSuccess: (answer) => setLast({ run: next, answer }) });
  };
  const cleanDryRun =
    last?.answer.dryRun === true && last.run.file === file && last.answer.summary.errors === 0;

  return (
    <Page title="İçe aktar / Dışa aktar">
      <section
        aria-labelledby="import-title"
        className="flex flex-col gap-3 rounded-lg border border-stone-300 bg-white p-4"
      >
        <h2 id="import-title" className="text-lg font-semibold text-stone-900">
          Ürünleri içe aktar
        </h2>
        <p className="text-sm text-stone-700">
          Önce dosyayı kontrol edin: her satır denetlenir, hiçbir şey değişmez. Hatasız bir kontrolden sonra
          aynı dosyayı içe aktarın; ürünler SKU’larıyla eşleşir, aynı dosya ikinci kez hiçbir şeyi
          değiştirmez.
        </p>
        <FileDrop file={file} onFile={choose} />
        <FormError message={problem} />
        <div className="flex flex-wrap gap-2">
          <Button
            look={cleanDryRun ? 'secondary' : 'primary'}
            disabled={!file || Boolean(problem) || importRun.isPending}
            onClick={() => start(true)}
          >
            Kontrol et
          </Button>
          <Button disabled={!cleanDryRun || importRun.isPending} onClick={() => start(false)}>
            İçe aktar
          </Button>
        </div>
        {importRun.isPending && run && <ImportProgressBar progress={progress.data} dryRun={run.dryRun} />}
        {importRun.isError && <FormError message={messageOf(importRun.error)} />}
        {last && !importRun.isPending && (
          <div className="flex flex-col gap-3">
            <p role="status" className="font-medium">
              {verdict(last.answer)}
            </p>
            <ImportSummary answer={last.answer} />
            <ImportErrors rows={last.answer.rows} />
            <ImportChanges answer={last.answer} />
            {/* A written run's file is kept 30 days with its report, on whichever node ran it. */}
            {!last.answer.dryRun && last.answer.summary.errors === 0 && (
              <a
                href={apiLink(`imports/${encodeURIComponent(last.run.id)}/file`)}
                download
                className="self-start text-sm font-medium text-amber-900 underline"
              >
                İçe aktarılan dosyayı indir
              </a>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="export-title" className="rounded-lg border border-stone-300 bg-white p-4">
        <h2 id="export-title" className="mb-1 text-lg font-semibold text-stone-900">
          Dışa aktar
        </h2>
        <p className="mb-3 text-sm text-stone-700">
          Tüm ürünler ve varyantları aynı sütunlarla, alış fiyatları dahil. Değiştirmeden geri yüklenen dosya
          hiçbir şeyi değiştirmez. CSV, Türkçe Excel’de çift tıklamayla sütunlara ayrılır.
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={apiLink('exports/products.csv')} download className={linkLook}>
            CSV indir
          </a>
          <a href={apiLink('exports/products.xlsx')} download className={linkLook}>
            Excel (XLSX) indir
          </a>
          <a
            href={EXAMPLE_HREF}
            download={EXAMPLE_NAME}
            className="inline-flex min-h-10 items-center justify-center rounded-md border border-stone-400 bg-white px-4 py-2 text-sm font-medium text-stone-900 hover:bg-stone-100"
          >
            Örnek dosyayı indir
          </a>
        </div>
      </section>

      <ColumnHelp />
    </Page>
  );
}
