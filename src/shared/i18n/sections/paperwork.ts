/**
 * The paperwork at the bench (issue #30): the document printer in Settings, the papers a finished
 * pack prints (the packing slip, the invoice) and why one did not, in every language side by side.
 */
export const paperworkSentences = {
  en: {
    document: { slip: 'Packing slip', invoice: 'Invoice' },
    activity: {
      printedForPack: '{{file}} printed on {{printer}} by {{user}}: order {{order}} packed.',
      printedOnDemand: '{{file}} printed on {{printer}} by {{user}}: asked for on order {{order}}.',
      testPage: 'Test page printed on {{printer}} by {{user}}.',
      testLabel: 'Test label printed on {{printer}} by {{user}}.',
    },
    state: {
      preparing: 'Preparing…',
      queued: 'Waiting to print',
      printing: 'Printing…',
      printed: 'Printed',
      held: 'Held',
      failed: 'Not printed',
      interrupted: 'Not printed',
    },
    problem: {
      noPrinter: 'No document printer is set up: choose one in Settings → Printers.',
      noInvoice:
        'This station has not delivered an invoice for order {{order}}: drop it on the order first.',
      invoiceForgotten:
        'The invoice for order {{order}} was delivered more than 30 days ago, and its file is no longer kept on this station, so it cannot be printed from here.',
      slipFailed: 'The packing slip for order {{order}} could not be made.',
      held: 'The document printer stopped: fix it, then print again.',
      failed: 'The document printer did not print it: check it, then print again.',
      discarded: 'Its print job was discarded in the Outbox: print it again to make a new one.',
    },
    card: {
      title: 'Papers',
      printSlip: 'Print slip',
      printInvoice: 'Print invoice',
      printPdfOnly: 'Print a PDF only…',
      retry: 'Print again',
      retryAnyway: 'Print anyway',
      queued: '{{document}}: waiting to print on {{printer}}.',
    },
    settings: {
      title: 'Document printer',
      intro:
        'The office printer beside the label printer: the packing slip and the invoice print on it. Empty: no document printer.',
      target: 'Document printer',
      targetHint: 'A CUPS queue with a driver, written cups:QUEUE (on Windows, windows:PRINTER).',
      paper: 'Paper',
      a4: 'A4',
      letter: 'Letter',
      test: 'Test page',
      testSent: 'Test page sent to {{printer}}.',
      saved: 'Document printer saved.',
      save: 'Save document printer',
      recovered:
        'The document printer settings were damaged and set aside ({{file}}). Set the document printer up again.',
      noQueues: 'This computer knows no CUPS queue.',
      onFinish: 'When a pack finishes, print',
      printLabel: 'The order’s label (on the label printer)',
      printSlip: 'The packing slip (on the document printer)',
      printInvoice: 'The invoice the station delivered (on the document printer)',
    },
  },
  'pt-BR': {
    document: { slip: 'Romaneio', invoice: 'Nota fiscal' },
    activity: {
      printedForPack: '{{file}} impresso em {{printer}} por {{user}}: pedido {{order}} embalado.',
      printedOnDemand:
        '{{file}} impresso em {{printer}} por {{user}}: solicitado no pedido {{order}}.',
      testPage: 'Página de teste impressa em {{printer}} por {{user}}.',
      testLabel: 'Etiqueta de teste impressa em {{printer}} por {{user}}.',
    },
    state: {
      preparing: 'Preparando…',
      queued: 'Aguardando impressão',
      printing: 'Imprimindo…',
      printed: 'Impresso',
      held: 'Retido',
      failed: 'Não impresso',
      interrupted: 'Não impresso',
    },
    problem: {
      noPrinter:
        'Nenhuma impressora de documentos configurada: escolha uma em Configurações → Impressoras.',
      noInvoice:
        'Esta estação não enviou nota fiscal para o pedido {{order}}: solte-a no pedido primeiro.',
      invoiceForgotten:
        'A nota fiscal do pedido {{order}} foi entregue há mais de 30 dias e o arquivo dela não é mais guardado nesta estação; por isso não pode ser impressa daqui.',
      slipFailed: 'Não foi possível gerar o romaneio do pedido {{order}}.',
      held: 'A impressora de documentos parou: resolva e imprima de novo.',
      failed: 'A impressora de documentos não imprimiu: verifique e imprima de novo.',
      discarded:
        'O trabalho de impressão foi descartado na Fila de envio: imprima de novo para criar outro.',
    },
    card: {
      title: 'Documentos',
      printSlip: 'Imprimir romaneio',
      printInvoice: 'Imprimir nota fiscal',
      printPdfOnly: 'Só imprimir um PDF…',
      retry: 'Imprimir de novo',
      retryAnyway: 'Imprimir assim mesmo',
      queued: '{{document}}: aguardando impressão em {{printer}}.',
    },
    settings: {
      title: 'Impressora de documentos',
      intro:
        'A impressora comum ao lado da impressora de etiquetas: o romaneio e a nota fiscal saem nela. Vazio: sem impressora de documentos.',
      target: 'Impressora de documentos',
      targetHint: 'Uma fila CUPS com driver, escrita cups:FILA (no Windows, windows:IMPRESSORA).',
      paper: 'Papel',
      a4: 'A4',
      letter: 'Carta',
      test: 'Página de teste',
      testSent: 'Página de teste enviada para {{printer}}.',
      saved: 'Impressora de documentos salva.',
      save: 'Salvar impressora de documentos',
      recovered:
        'As configurações da impressora de documentos estavam danificadas e foram separadas ({{file}}). Configure a impressora de documentos de novo.',
      noQueues: 'Este computador não conhece nenhuma fila CUPS.',
      onFinish: 'Ao finalizar uma embalagem, imprimir',
      printLabel: 'A etiqueta do pedido (na impressora de etiquetas)',
      printSlip: 'O romaneio (na impressora de documentos)',
      printInvoice: 'A nota fiscal enviada pela estação (na impressora de documentos)',
    },
  },
  es: {
    document: { slip: 'Albarán', invoice: 'Factura' },
    activity: {
      printedForPack: '{{file}} impreso en {{printer}} por {{user}}: pedido {{order}} empacado.',
      printedOnDemand:
        '{{file}} impreso en {{printer}} por {{user}}: solicitado en el pedido {{order}}.',
      testPage: 'Página de prueba impresa en {{printer}} por {{user}}.',
      testLabel: 'Etiqueta de prueba impresa en {{printer}} por {{user}}.',
    },
    state: {
      preparing: 'Preparando…',
      queued: 'Esperando para imprimir',
      printing: 'Imprimiendo…',
      printed: 'Impreso',
      held: 'Retenido',
      failed: 'No impreso',
      interrupted: 'No impreso',
    },
    problem: {
      noPrinter: 'No hay impresora de documentos configurada: elija una en Ajustes → Impresoras.',
      noInvoice:
        'Esta estación no ha enviado la factura del pedido {{order}}: suéltela en el pedido primero.',
      invoiceForgotten:
        'La factura del pedido {{order}} se entregó hace más de 30 días y su archivo ya no se guarda en esta estación; por eso no se puede imprimir desde aquí.',
      slipFailed: 'No se pudo generar el albarán del pedido {{order}}.',
      held: 'La impresora de documentos se detuvo: arréglela y vuelva a imprimir.',
      failed: 'La impresora de documentos no lo imprimió: revísela y vuelva a imprimir.',
      discarded:
        'Su trabajo de impresión se descartó en la Cola de envío: vuelva a imprimir para crear otro.',
    },
    card: {
      title: 'Documentos',
      printSlip: 'Imprimir albarán',
      printInvoice: 'Imprimir factura',
      printPdfOnly: 'Solo imprimir un PDF…',
      retry: 'Imprimir de nuevo',
      retryAnyway: 'Imprimir de todos modos',
      queued: '{{document}}: esperando para imprimir en {{printer}}.',
    },
    settings: {
      title: 'Impresora de documentos',
      intro:
        'La impresora de oficina junto a la de etiquetas: en ella salen el albarán y la factura. Vacío: sin impresora de documentos.',
      target: 'Impresora de documentos',
      targetHint:
        'Una cola CUPS con controlador, escrita cups:COLA (en Windows, windows:IMPRESORA).',
      paper: 'Papel',
      a4: 'A4',
      letter: 'Carta',
      test: 'Página de prueba',
      testSent: 'Página de prueba enviada a {{printer}}.',
      saved: 'Impresora de documentos guardada.',
      save: 'Guardar impresora de documentos',
      recovered:
        'Los ajustes de la impresora de documentos estaban dañados y se apartaron ({{file}}). Configure de nuevo la impresora de documentos.',
      noQueues: 'Este equipo no conoce ninguna cola CUPS.',
      onFinish: 'Al terminar un empaque, imprimir',
      printLabel: 'La etiqueta del pedido (en la impresora de etiquetas)',
      printSlip: 'El albarán (en la impresora de documentos)',
      printInvoice: 'La factura enviada por la estación (en la impresora de documentos)',
    },
  },
} as const;
