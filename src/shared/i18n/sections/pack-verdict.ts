/**
 * What main says about each scan of a verified pack and about the pack itself, in every
 * language side by side. `{{name}}` is the product's name (or its SKU when the service did not
 * give one); dates are YYYY-MM-DD as the lot's label prints them.
 */
export const packVerdictSentences = {
  en: {
    weight: {
      weighNow: 'Every unit is in: put the box on the scale.',
      unstable: 'The scale has no steady weight yet: wait for it to settle, then finish.',
      needsZero:
        'The scale still holds the last box: lift it off so the scale shows zero, then weigh this one.',
      lighter:
        '{{off}} g lighter than expected: a unit may be missing (weighed {{weighed}} g, expected {{expected}} g). Weigh again, or finish with a reason.',
      heavier:
        '{{off}} g heavier than expected: something extra may be in the box (weighed {{weighed}} g, expected {{expected}} g). Weigh again, or finish with a reason.',
    },
    counted: '{{name}}: {{scanned}} of {{expected}}.',
    countedCase: '{{name}}: a pack of {{quantity}} counted, {{scanned}} of {{expected}}.',
    expiring:
      '{{name}}: lot {{lot}} expires on {{expiry}}, within {{days}} days. Counted: check the date.',
    overrideRecorded: '{{name}}: lot {{lot}} counted, with the reason recorded.',
    unknownLotRecorded: '{{name}}: lot {{lot}} is not in the inventory. Counted and flagged.',
    complete: 'Every unit is in the box.',
    notesFirst: "Read the order's notes first, then press Enter.",
    notesAcknowledged: 'Notes read. Scan the first unit.',
    unknownCode: 'Unknown code {{code}}: it is no product, SKU or alias this station knows.',
    notInOrder: '{{name}} ({{sku}}) is not in this order. Take it out of the box.',
    overScan:
      'Too many of {{name}}: the order asks for {{expected}} and this would make {{scanned}}. Take it out.',
    expiredLot: '{{name}}: lot {{lot}} expired on {{expiry}}. Do not pack it.',
    noSuchLot: '{{name}} has no lot {{lot}} to choose here.',
    locked: 'The screen is locked: press Enter first.',
    acknowledged: 'Go on scanning.',
    lotCancelled: 'Nothing counted: scan the unit again.',
    undone: 'Taken back: {{name}} ({{quantity}}).',
    nothingToUndo: 'Nothing to take back.',
    notComplete:
      'Not every unit is in the box: scan the rest, or finish short with a reason ({{missing}} missing).',
    finished: 'Packed: the record of {{units}} units is saved.',
    finishedShort: 'Packed short ({{missing}} missing): the record is saved with its reason.',
    finishedNotMarked:
      'Packed and recorded, but order {{order}} could not be queued as packed: set its status on the Orders screen.',
    finishedAlready: 'This pack is already finished.',
    answerUnexpected: 'There is no question waiting for that answer.',
    reasonNeedsText: 'Say in a few words why.',
    answerFirst: 'Answer the question on screen first.',
    print: {
      noLabel: 'No label of this order is on this station to print.',
      noPrinter: 'No label printer is set up: Settings → Printers.',
      printedBefore: 'The label was printed before: print it again from the card, with a reason.',
      notZpl: 'The label is not ZPL: print it from the carrier’s own tools.',
    },
    errors: {
      not_found: 'That pack is not open on this station.',
      cannot_pack: 'Order {{order}} is {{status}}: it cannot be packed.',
    },
  },
  'pt-BR': {
    weight: {
      weighNow: 'Todas as unidades estão na caixa: ponha a caixa na balança.',
      unstable: 'A balança ainda não tem um peso estável: espere estabilizar e finalize.',
      needsZero:
        'A balança ainda tem a última caixa: tire-a para a balança mostrar zero e pese esta.',
      lighter:
        '{{off}} g mais leve que o esperado: pode faltar uma unidade (pesou {{weighed}} g, esperado {{expected}} g). Pese de novo ou finalize com um motivo.',
      heavier:
        '{{off}} g mais pesada que o esperado: pode haver algo a mais na caixa (pesou {{weighed}} g, esperado {{expected}} g). Pese de novo ou finalize com um motivo.',
    },
    counted: '{{name}}: {{scanned}} de {{expected}}.',
    countedCase: '{{name}}: embalagem com {{quantity}} contada, {{scanned}} de {{expected}}.',
    expiring:
      '{{name}}: o lote {{lot}} vence em {{expiry}}, dentro de {{days}} dias. Contado: confira a data.',
    overrideRecorded: '{{name}}: lote {{lot}} contado, com o motivo registrado.',
    unknownLotRecorded: '{{name}}: o lote {{lot}} não está no estoque. Contado e sinalizado.',
    complete: 'Todas as unidades estão na caixa.',
    notesFirst: 'Leia primeiro as observações do pedido e pressione Enter.',
    notesAcknowledged: 'Observações lidas. Bipe a primeira unidade.',
    unknownCode:
      'Código desconhecido {{code}}: não é produto, SKU nem apelido que esta estação conheça.',
    notInOrder: '{{name}} ({{sku}}) não está neste pedido. Tire-o da caixa.',
    overScan:
      '{{name}} a mais: o pedido pede {{expected}} e isto daria {{scanned}}. Tire-o da caixa.',
    expiredLot: '{{name}}: o lote {{lot}} venceu em {{expiry}}. Não o embale.',
    noSuchLot: '{{name}} não tem lote {{lot}} para escolher aqui.',
    locked: 'A tela está bloqueada: pressione Enter primeiro.',
    acknowledged: 'Pode continuar bipando.',
    lotCancelled: 'Nada foi contado: bipe a unidade de novo.',
    undone: 'Desfeito: {{name}} ({{quantity}}).',
    nothingToUndo: 'Não há nada para desfazer.',
    notComplete:
      'Nem todas as unidades estão na caixa: bipe o restante ou finalize incompleto com um motivo ({{missing}} faltando).',
    finished: 'Embalado: o registro de {{units}} unidades foi salvo.',
    finishedShort: 'Embalado incompleto ({{missing}} faltando): o registro foi salvo com o motivo.',
    finishedNotMarked:
      'Embalado e registrado, mas o pedido {{order}} não pôde ser enfileirado como embalado: mude o status na tela Pedidos.',
    finishedAlready: 'Esta embalagem já foi finalizada.',
    answerUnexpected: 'Não há pergunta esperando essa resposta.',
    reasonNeedsText: 'Diga em poucas palavras o porquê.',
    answerFirst: 'Responda primeiro à pergunta na tela.',
    print: {
      noLabel: 'Nenhuma etiqueta deste pedido está nesta estação para imprimir.',
      noPrinter: 'Nenhuma impressora de etiquetas configurada: Configurações → Impressoras.',
      printedBefore: 'A etiqueta já foi impressa: imprima de novo pelo cartão, com um motivo.',
      notZpl: 'A etiqueta não é ZPL: imprima-a pelas ferramentas da transportadora.',
    },
    errors: {
      not_found: 'Essa embalagem não está aberta nesta estação.',
      cannot_pack: 'O pedido {{order}} está {{status}}: não pode ser embalado.',
    },
  },
  es: {
    weight: {
      weighNow: 'Todas las unidades están en la caja: ponga la caja en la báscula.',
      unstable: 'La báscula aún no tiene un peso estable: espere a que se estabilice y termine.',
      needsZero: 'La báscula aún tiene la última caja: retírela para que marque cero y pese esta.',
      lighter:
        '{{off}} g más liviana de lo esperado: puede faltar una unidad (pesó {{weighed}} g, esperado {{expected}} g). Vuelva a pesar o termine con un motivo.',
      heavier:
        '{{off}} g más pesada de lo esperado: puede haber algo de más en la caja (pesó {{weighed}} g, esperado {{expected}} g). Vuelva a pesar o termine con un motivo.',
    },
    counted: '{{name}}: {{scanned}} de {{expected}}.',
    countedCase: '{{name}}: paquete de {{quantity}} contado, {{scanned}} de {{expected}}.',
    expiring:
      '{{name}}: el lote {{lot}} vence el {{expiry}}, dentro de {{days}} días. Contado: revise la fecha.',
    overrideRecorded: '{{name}}: lote {{lot}} contado, con el motivo registrado.',
    unknownLotRecorded: '{{name}}: el lote {{lot}} no está en el inventario. Contado y marcado.',
    complete: 'Todas las unidades están en la caja.',
    notesFirst: 'Lea primero las notas del pedido y pulse Enter.',
    notesAcknowledged: 'Notas leídas. Escanee la primera unidad.',
    unknownCode:
      'Código desconocido {{code}}: no es un producto, SKU ni alias que esta estación conozca.',
    notInOrder: '{{name}} ({{sku}}) no está en este pedido. Sáquelo de la caja.',
    overScan:
      'Demasiados {{name}}: el pedido pide {{expected}} y esto haría {{scanned}}. Sáquelo de la caja.',
    expiredLot: '{{name}}: el lote {{lot}} venció el {{expiry}}. No lo empaque.',
    noSuchLot: '{{name}} no tiene un lote {{lot}} para elegir aquí.',
    locked: 'La pantalla está bloqueada: pulse Enter primero.',
    acknowledged: 'Puede seguir escaneando.',
    lotCancelled: 'No se contó nada: escanee la unidad de nuevo.',
    undone: 'Deshecho: {{name}} ({{quantity}}).',
    nothingToUndo: 'No hay nada que deshacer.',
    notComplete:
      'No todas las unidades están en la caja: escanee el resto o termine incompleto con un motivo ({{missing}} faltan).',
    finished: 'Empacado: el registro de {{units}} unidades está guardado.',
    finishedShort:
      'Empacado incompleto ({{missing}} faltan): el registro está guardado con su motivo.',
    finishedNotMarked:
      'Empacado y registrado, pero el pedido {{order}} no se pudo poner en cola como empacado: cambie su estado en la pantalla Pedidos.',
    finishedAlready: 'Este empaque ya está terminado.',
    answerUnexpected: 'No hay ninguna pregunta esperando esa respuesta.',
    reasonNeedsText: 'Diga en pocas palabras por qué.',
    answerFirst: 'Responda primero a la pregunta en pantalla.',
    print: {
      noLabel: 'No hay en esta estación ninguna etiqueta de este pedido para imprimir.',
      noPrinter: 'No hay impresora de etiquetas configurada: Ajustes → Impresoras.',
      printedBefore:
        'La etiqueta ya se imprimió: imprímala de nuevo desde la tarjeta, con un motivo.',
      notZpl: 'La etiqueta no es ZPL: imprímala con las herramientas del transportista.',
    },
    errors: {
      not_found: 'Ese empaque no está abierto en esta estación.',
      cannot_pack: 'El pedido {{order}} está {{status}}: no se puede empacar.',
    },
  },
} as const;
