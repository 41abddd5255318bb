export { type Cache, createCache } from './cache.ts';
export { GUEST_CART_DAYS } from './cart/abandoned.ts';
export { type CartOwner, GUEST as GUEST_SHOPPER, type Shopper } from './cart/owner.ts';
export { PERSONALIZATION_IMAGE_PATH } from './cart/personalization.ts';
export type { CartService } from './cart/service.ts';
export { categoryFieldHelp, productFieldHelp } from './catalog/admin.ts';
export type { CheckoutBuyer } from './checkout/place-order.ts';
export type { CheckoutResult, CheckoutService } from './checkout/service.ts';
export type { CompareService } from './compare/service.ts';
export type { ContactService } from './contact/service.ts';
export { sanitizeRichText } from './content/sanitize.ts';
export type { ContentService } from './content/service.ts';
export type { CouponService } from './coupons/service.ts';
export { type AddressBook, createAddressBook, type DefaultKind } from './customers/addresses.ts';
export { type AccountError, type AccountErrorCode, accountErrorStatus } from './customers/errors.ts';
export {
  type AccountExport,
  type AccountLogger,
  type ActiveSession,
  type CustomerService,
  type CustomerServiceOptions,
  createCustomerService,
  type NewSession,
  REMEMBERED_SESSION_MS,
  SESSION_MS,
} from './customers/service.ts';
export { type Database, type DatabaseOptions, type Db, openDatabase, parseDatabaseUrl } from './db/client.ts';
export { startupError } from './db/errors.ts';
export { isEmptyShop, seedDemo } from './demo/seed.ts';
export { DomainError, isDomainError } from './errors.ts';
export { createMailer, type Mailer, type MailerOptions, type MailLogger } from './mail/mailer.ts';
export {
  createMailQueue,
  enqueueMail,
  type MailQueue,
  type QueuedMail,
  type QueuedMessage,
  RETRY_DELAYS_MS,
} from './mail/queue.ts';
export { type OrderError, type OrderErrorCode, orderErrorStatus } from './orders/errors.ts';
export { type OrderService, type OrderViewer, parseStateArgument } from './orders/service.ts';
export type { Actor, ChangedOrder, StatusChangeOptions } from './orders/status.ts';
export type { PaymentProvider, VerifiedPayment } from './payments/provider.ts';
export type { PaymentService } from './payments/service.ts';
export { TEST_CARDS, TEST_VERIFICATION_CODE } from './payments/test-provider.ts';
export type { ReviewPhotoUpload } from './reviews/photos.ts';
export type { ReviewService } from './reviews/service.ts';
export {
  CACHE_CHANNEL,
  connectCacheBus,
  createServices,
  type Services,
  type ServicesOptions,
} from './services.ts';
export {
  isSettingKey,
  type PublicSettings,
  type SettingKey,
  type Settings,
  settingDefinitions,
  settingKeys,
} from './settings/registry.ts';
export { settingText } from './settings/service.ts';
export type { AttachmentUpload } from './support/attachments.ts';
export { type SupportErrorCode, supportErrorStatus } from './support/errors.ts';
export type { AttachmentFile, SupportService } from './support/service.ts';
export type { WishlistOwner, WishlistService } from './wishlist/service.ts';
