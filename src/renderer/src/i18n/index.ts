import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@shared/i18n/en.ts';
import { es } from '@shared/i18n/es.ts';
import { ptBR } from '@shared/i18n/pt-BR.ts';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'pt-BR', label: 'Português (Brasil)' },
  { code: 'es', label: 'Español' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

export const resources = {
  en: { translation: en },
  'pt-BR': { translation: ptBR },
  es: { translation: es },
};

const STORAGE_KEY = 'packbench.language';

function initialLanguage(): Language {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (saved && LANGUAGES.some((l) => l.code === saved)) return saved as Language;
  const browser = globalThis.navigator?.language ?? 'en';
  if (browser.startsWith('pt')) return 'pt-BR';
  if (browser.startsWith('es')) return 'es';
  return 'en';
}

/** One i18next instance per app (tests make their own with a fixed language). */
export function createI18n(language: Language = initialLanguage()): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  instance.on('languageChanged', (lng) => globalThis.localStorage?.setItem(STORAGE_KEY, lng));
  return instance;
}
