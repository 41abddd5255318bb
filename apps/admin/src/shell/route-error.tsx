import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../paths.ts';
import { Button } from '../ui/button.tsx';
import { Loading } from '../ui/page.tsx';

/** When the page last reloaded itself for a screen's code that would not load (sessionStorage: this tab). */
export const CHUNK_RELOAD_KEY = 'vitrin-panel-chunk-reload';
/** A second failure within this long after a reload is not reloaded again: the error screen says it. */
const RELOAD_GUARD_MS = 60_000;

/** A screen's code that could not be loaded (after an update the old file is gone from the server). */
export const SCREEN_LOAD_FAILED = 'EKRAN_YUKLENEMEDI';

const screenLoadError = (cause: unknown) =>
  Object.assign(new Error('Ekranın kodu yüklenemedi', { cause }), {
    name: 'ScreenLoadError',
    code: SCREEN_LOAD_FAILED,
  });

const isScreenLoadError = (error: unknown) =>
  error instanceof Error && (error as { code?: unknown }).code === SCREEN_LOAD_FAILED;

function reloadedLately() {
  try {
    const at = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY));
    return Number.isFinite(at) && Date.now() - at < RELOAD_GUARD_MS;
  } catch {
    // No storage (a locked-down browser): never reload by ourselves, so nothing can loop.
    return true;
  }
}

/**
 * Loads a screen's code. A panel open across an update asks for files the new build no longer has: the page
 * then loads again once by itself, at `target` (the address being opened; the address bar still shows the
 * last screen) or the current address, and the new index names the new files. Should the code still not
 * load right after that, the error goes to the route's error screen instead of reloading again.
 */
export async function loadScreen<T>(load: () => Promise<T>, target?: () => string | undefined): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (reloadedLately()) throw screenLoadError(error);
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    const href = target?.();
    if (href) window.location.assign(href);
    else window.location.reload();
    // The page is going away: the route waits for the reload rather than showing an error meanwhile.
    return new Promise<T>(() => {});
  }
}

/** The reload the error screen offers: the guard is cleared, so what a new build fixes loads again. */
function reload() {
  try {
    sessionStorage.removeItem(CHUNK_RELOAD_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  window.location.reload();
}

/** What the panel shows while its first screen's code and data load. */
export function PanelLoading() {
  return (
    <main className="p-6">
      <Loading />
    </main>
  );
}

/**
 * The error screen of the panel (instead of React Router's English one): a screen whose code could not be
 * loaded, an address the panel does not have, or an error in a screen. `framed`: inside the menu's frame.
 */
export function RouteError({ framed = false }: { framed?: boolean }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound
    ? 'Sayfa bulunamadı'
    : isScreenLoadError(error)
      ? 'Bu ekran yüklenemedi'
      : 'Beklenmeyen bir hata oluştu';
  useEffect(() => {
    document.title = `${title} · Yönetim paneli`;
    if (!notFound) console.error(error);
  }, [title, notFound, error]);
  const body = (
    <div role="alert" className="flex max-w-xl flex-col gap-3">
      <h1 className="text-2xl font-semibold text-stone-900">{title}</h1>
      {notFound ? (
        <p className="text-stone-800">Panelde böyle bir ekran yok.</p>
      ) : isScreenLoadError(error) ? (
        <p className="text-stone-800">
          Panel güncellenmiş olabilir ya da bağlantı kesildi. Sayfayı yenileyince panelin güncel hâli
          yüklenir; yazdıklarınız kaydedilmediyse yeniden girmeniz gerekebilir.
        </p>
      ) : (
        <p className="text-stone-800">
          Bu ekran gösterilirken bir hata oldu. Sayfayı yenileyip yeniden deneyin; sürerse mağazanın teknik
          sorumlusuna haber verin.
        </p>
      )}
      <p className="flex flex-wrap gap-3">
        <Button onClick={reload}>Sayfayı yenile</Button>
        <Link
          to={paths.home}
          reloadDocument
          className="inline-flex min-h-10 items-center rounded-md border border-stone-400 bg-white px-4 py-2 text-sm font-medium text-stone-900 hover:bg-stone-100"
        >
          Ana sayfaya dön
        </Link>
      </p>
    </div>
  );
  return framed ? body : <main className="p-6">{body}</main>;
}
