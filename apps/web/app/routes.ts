import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * The storefront's routes. Named layouts: the home page uses none; other pages use `layouts/main.tsx`
 * (the storefront layout), and inside it `layouts/panel.tsx` (the account panel); `/secure-pay` has its own
 * (`layouts/secure-pay.tsx`).
 */
export default [
  index('routes/home.tsx'),
  layout('layouts/main.tsx', [
    route('about', 'routes/about.tsx'),
    route('content/:slug', 'routes/content.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog-grid', 'routes/blog-grid.tsx'),
    route('blog-list', 'routes/blog-list.tsx'),
    route('blog-details', 'routes/blog-details-latest.tsx'),
    route('blog-details-2', 'routes/blog-details-2.tsx'),
    route('blog-details/:id', 'routes/blog-details.tsx'),
    route('shop/:slug', 'routes/shop.tsx'),
    route('tags/:slug', 'routes/tags.tsx'),
    route('product/:slug', 'routes/product.tsx'),
    route('product/:slug/review', 'routes/product-review.tsx'),
    route('search', 'routes/search.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('coupons', 'routes/coupons.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    route('compare', 'routes/compare.tsx'),
    route('login', 'routes/login.tsx'),
    route('register', 'routes/register.tsx'),
    route('forgot', 'routes/forgot.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('logout', 'routes/logout.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('user-checkout', 'routes/user-checkout.tsx'),
    route('order-success', 'routes/order-success.tsx'),
    route('unsubscribe/:token', 'routes/unsubscribe.tsx'),
    // The customer's pages: the layout's loader sends guests to /login (and back) before any HTML.
    layout('layouts/panel.tsx', [
      route('panel', 'routes/panel.tsx'),
      route('profile', 'routes/panel.tsx', { id: 'profile' }),
      route('panel/address', 'routes/panel-address.tsx'),
      route('panel/information', 'routes/panel-information.tsx'),
      route('panel/orders', 'routes/panel-orders.tsx'),
      route('panel/orders/:orderNo', 'routes/panel-order.tsx'),
      route('panel/support', 'routes/panel-support.tsx'),
      route('panel/support/:ticketNo', 'routes/panel-support-ticket.tsx'),
      route('panel/reviews', 'routes/panel-reviews.tsx'),
    ]),
    route('404', 'routes/not-found.tsx', { id: 'not-found-page' }),
    route('*', 'routes/not-found.tsx'),
  ]),
  // The bank's 3-D Secure step: its own minimal layout.
  layout('layouts/secure-pay.tsx', [route('secure-pay', 'routes/secure-pay.tsx')]),
] satisfies RouteConfig;
