/**
 * The paperwork's words (issue #30): the packing slip and the document printer's test page, in
 * every language side by side. The slip speaks the station's language; its command line's
 * refusals speak English (IT scripts parse them) and live beside the command, not here.
 */
export const documentsSentences = {
  en: {
    slip: {
      title: 'Packing slip',
      order: 'Order',
    },
  },
  'pt-BR': {
    slip: {
      title: 'Romaneio de embalagem',
      order: 'Pedido',
    },
  },
  es: {
    slip: {
      title: 'Albarán de empaquetado',
      order: 'Pedido',
    },
  },
} as const;
