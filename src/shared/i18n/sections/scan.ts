/**
 * The scanner's sentences (GS1 and GTIN parsing, `npm run scan`), in every language side by side
 * so a translator sees them together. The catalogues take each language's half.
 */
export const scanSentences = {
  en: {
    placeholder: 'Scan parsing',
  },
  'pt-BR': {
    placeholder: 'Leitura de códigos',
  },
  es: {
    placeholder: 'Lectura de códigos',
  },
} as const;
