// Makes `t('some.key')` a compile error when the key is missing from the English file.
import 'i18next';
import type en from '@/locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    defaultVariables: { product: string };
  }
}
