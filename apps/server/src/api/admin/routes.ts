import type { Services } from '@vitrin/core';
import type { AdminImageStore } from '@vitrin/core/media/admin-upload';
import type { FastifyInstance } from 'fastify';
import { createStaffOf } from '../../sessions/staff-session.ts';
import { registerAuditRoutes } from './audit/routes.ts';
import { registerAdminBlogRoutes } from './blog/routes.ts';
import { registerAdminCategoryRoutes } from './categories/routes.ts';
import { registerAdminCouponRoutes } from './coupons/routes.ts';
import { registerAdminCustomerRoutes } from './customers/routes.ts';
import { registerDashboardRoutes } from './dashboard/routes.ts';
import { registerDocumentRoutes } from './documents/routes.ts';
import { registerProductExportRoutes } from './exports/products.ts';
import { registerAdminImageRoutes } from './images/routes.ts';
import { registerImportRoutes } from './imports/routes.ts';
import { registerTrendyolRoutes } from './marketplace/trendyol.ts';
import { registerAdminMenuRoutes } from './menu/routes.ts';
import { registerAdminOrderRoutes } from './orders/routes.ts';
import { registerAdminPageRoutes } from './pages/routes.ts';
import { registerAdminProductRoutes } from './products/routes.ts';
import { registerAdminReviewRoutes } from './reviews/routes.ts';
import { registerStaffSessionRoutes } from './session/routes.ts';
import { registerPaymentSettingsRoutes } from './settings/payments.ts';
import { registerAdminSettingsRoutes } from './settings/routes.ts';
import { registerSocialAccountRoutes } from './settings/social-accounts.ts';
import { registerShippingHealthRoute } from './shipping/health.ts';
import { registerStaffRoutes } from './staff/routes.ts';
import { registerAdminTagRoutes } from './tags/routes.ts';
import { registerAdminTicketRoutes } from './tickets/routes.ts';

/**
 * The staff panel's API under /api/admin, one folder per feature. Every route declares the permission it
 * needs (`api/route.ts` checks it before anything else).
 */
export function registerAdminRoutes(
  app: FastifyInstance,
  services: Services,
  publicUrl: string,
  /** Whether MAINTENANCE_BYPASS_KEY is set: the settings page says so, never the key. */
  bypassKeySet = false,
  /** Where the panel's image uploads go (`POST /api/admin/images`). */
  images: AdminImageStore,
) {
  const staffOf = createStaffOf(services);
  registerStaffSessionRoutes(app, services, staffOf, publicUrl);
  registerStaffRoutes(app, services, staffOf);
  registerAuditRoutes(app, services, staffOf);
  registerAdminOrderRoutes(app, services, staffOf);
  registerAdminCouponRoutes(app, services, staffOf);
  registerAdminReviewRoutes(app, services, staffOf);
  registerAdminProductRoutes(app, services, staffOf);
  registerAdminSettingsRoutes(app, services, staffOf, bypassKeySet);
  registerPaymentSettingsRoutes(app, services, staffOf, publicUrl);
  registerSocialAccountRoutes(app, services, staffOf);
  registerAdminCategoryRoutes(app, services, staffOf);
  registerAdminTagRoutes(app, services, staffOf);
  registerAdminMenuRoutes(app, services, staffOf);
  registerDashboardRoutes(app, services, staffOf);
  registerDocumentRoutes(app, services, staffOf);
  registerImportRoutes(app, services, staffOf);
  registerProductExportRoutes(app, services, staffOf);
  registerAdminCustomerRoutes(app, services, staffOf);
  registerAdminTicketRoutes(app, services, staffOf);
  registerAdminPageRoutes(app, services, staffOf);
  registerAdminBlogRoutes(app, services, staffOf);
  registerAdminImageRoutes(app, staffOf, images);
  registerShippingHealthRoute(app, services, staffOf);
  registerTrendyolRoutes(app, services, staffOf);
}
