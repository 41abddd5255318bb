import {
  type DashboardAnswer,
  type ExportRange,
  LEGAL_DETAILS,
  type LegalDetail,
} from '@vitrin/shared/api/admin/dashboard';
import type { Db } from '../db/client.ts';
import { settingDefinitions } from '../settings/registry.ts';
import type { SettingsService } from '../settings/service.ts';
import { dashboardFigures } from './dashboard.ts';
import { exportRows } from './export-rows.ts';
import { ordersCsv } from './orders-csv.ts';

/** Stock at or under this is low, unless the shop sets `low_stock_threshold`. */
export const DEFAULT_LOW_STOCK = 5;

/** The panel's reports: the dashboard's figures and the orders export. */
export function createReports(db: Db, settings: SettingsService) {
  return {
    async dashboard(now = new Date()): Promise<DashboardAnswer> {
      // Read by name: the setting is optional, so the registry may not define it.
      const values: Record<string, unknown> = await settings.all();
      const threshold = values.low_stock_threshold;
      const figures = await dashboardFigures(
        db,
        now,
        typeof threshold === 'number' ? threshold : DEFAULT_LOW_STOCK,
      );
      // What an invoice names the seller by, while it is empty or still the fresh shop's placeholder.
      const legalDetailsMissing = (Object.keys(LEGAL_DETAILS) as LegalDetail[]).filter((key) => {
        const value = String(values[key] ?? '').trim();
        return value === '' || value === settingDefinitions[key].default;
      });
      return { ...figures, legalDetailsMissing };
    },
    async ordersCsv(range: ExportRange) {
      return ordersCsv(await exportRows(db, range));
    },
    async ordersXlsx(range: ExportRange) {
      // exceljs is 31 MB resident once loaded: loaded at the first export, not with the shop.
      const { ordersXlsx } = await import('./orders-xlsx.ts');
      return ordersXlsx(await exportRows(db, range), await settings.get('unvan'));
    },
  };
}
export type Reports = ReturnType<typeof createReports>;
