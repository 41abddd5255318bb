/** A file the import cannot read at all (not its rows: those are answered row by row). */
export class ImportError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 413 | 415 | 422,
    readonly code:
      | 'DOSYA_GEREKLI'
      | 'DOSYA_TURU_GECERSIZ'
      | 'DOSYA_BOS'
      | 'DOSYA_OKUNAMADI'
      | 'DOSYA_COK_BUYUK'
      | 'COK_FAZLA_SATIR'
      | 'BASLIK_EKSIK'
      | 'ICE_AKTARMA_BULUNAMADI'
      | 'ICE_AKTARMA_CAKISMA',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}
