import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { tr } from './tr.ts';

/**
 * One i18next instance, initialised synchronously with the bundled catalogue so that server rendering and
 * hydration print the same text. Turkish first; further locales join `resources`.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'tr',
  fallbackLng: 'tr',
  resources: { tr: { translation: tr } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { useTranslation };
