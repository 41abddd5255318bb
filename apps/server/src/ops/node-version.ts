import { startupError } from '@vitrin/core';

/**
 * Some dependencies (`cookie` under Fastify's cookie plugin and light-my-request, `content-disposition` under
 * its static plugin) are ES modules that CommonJS code loads with require(). Node.js does that by default from
 * 20.19 on the 20 line and from 22.12 on the 22 line; their `engines` say ">=22", which is why `npm ci` warns
 * on Node 20. What counts is the feature, so that is what is checked, before those modules are loaded.
 */
export function assertNodeSupported(
  features: { require_module?: boolean } = process.features,
  version: string = process.version,
) {
  if (features.require_module === true) return;
  throw startupError(
    'NODE_UNSUPPORTED',
    `Vitrin Node.js 20.19 ya da daha yeni bir sürüm gerektirir (22 serisinde 22.12 ve üstü); bu Node.js ${version}. ` +
      'Bazı bağımlılıklar require() ile yüklenen ES modülleridir ve eski sürümler bunları yükleyemez.',
  );
}
