/**
 * The verified pack's sentences (the checklist, its verdicts, its reasons and its record), in
 * every language side by side. The catalogues take each language's half.
 */
export const packSentences = {
  en: {
    title: 'Packing',
  },
  'pt-BR': {
    title: 'Embalagem',
  },
  es: {
    title: 'Empaque',
  },
} as const;
