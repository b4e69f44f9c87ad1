/**
 * Bulk files' sentences (issue #39: a day's labels and invoices in one drop, `npm run files`),
 * in every language side by side so a translator sees them together. Each refusal names the file
 * (an entry of a ZIP as `ARCHIVE.zip!entry`) and what is wrong with it; the rest of the drop
 * goes on without it.
 */
export const bulkSentences = {
  en: {
    refused: {
      missing: 'There is nothing at {{source}}: check the path.',
      unreadable: '{{source}} could not be read ({{reason}}).',
      empty: '{{source}} is empty: there is nothing in it to split.',
      notLabelOrInvoice:
        '{{source}} is neither a label (ZPL) nor an invoice (PDF), so it was left out.',
      zipInZip: '{{source}} is a ZIP inside a ZIP: unpack the outer one and drop its files.',
      zipTooManyEntries:
        '{{source}} holds more than {{max}} files: a ZIP that large is refused whole.',
      zipTooLarge: '{{source}} unpacks to more than {{max}}: it is refused whole.',
      zipRatio:
        '{{source}} unpacks to more than {{ratio}} times its packed size, as a ZIP bomb does, so it was left out.',
      zipEntryUnreadable:
        '{{source}} could not be unpacked (encrypted, or packed in a way Packbench cannot read), so it was left out.',
      zipDamaged: '{{source}} is not a ZIP Packbench can read: it is damaged or cut short.',
      pdfDamaged: '{{source}} is a damaged PDF: it does not open, or a page of it does not.',
      pdfNeedsPassword:
        '{{source}} needs a password to open: save it without one and drop it again.',
    },
    split: {
      empty: '{{source}} holds no label: it is empty or only blanks.',
      no_labels: '{{source}} holds {{formats}} format(s), and not one of them prints a label.',
      too_many_labels:
        '{{source}} holds {{labels}} labels, more than the {{limit}} one drop may split: split it into smaller files.',
      unterminated:
        'The label that starts at line {{line}}, column {{column}} of {{source}} never ends (no ^XZ): a printer would print nothing, so it was left out.',
      configuration_block:
        'A block of printer settings, not a label: its settings still apply to the labels after it.',
      format_definition:
        'It stores the format {{name}} that later labels recall: not a label of its own.',
    },
    station: {
      hint: 'A day of labels and invoices? Drop the files anywhere on this screen: they go to the Bulk board, each matched to its order.',
    },
    board: {
      title: 'Bulk',
      intro:
        'Drop a day of labels and invoices here (ZPL, PDF, ZIPs of them): each label and invoice becomes a row, with the order it belongs to and why.',
      drop: 'Drop labels and invoices here, or press Enter to choose files',
      reading: 'Splitting and matching {{count}} file(s)…',
      summary: '{{rows}} piece(s) on the board, matched against {{orders}} order(s).',
      rows: 'Pieces of the drop',
      keys: 'Up and Down move between rows. Enter queues the row. Typing an order number assigns it to the row. Delete leaves the row out (again brings it back). Ctrl+Enter queues every row with an order.',
      queueAll: 'Queue every row with an order ({{count}})',
      clear: 'Clear the board',
      clearConfirm: 'Clear the board? What was queued stays in the outbox.',
      assignLabel: 'Order for {{source}}',
      assignHint: 'Type the order number and press Enter; Escape cancels.',
      assignedByYou: 'Assigned by you to {{order}}.',
      leftOut: 'Left out: it will not be queued. Press Delete to bring it back.',
      queuedAs: 'In the outbox as {{file}}: {{state}}.',
      queuedSummary:
        '{{queued}} row(s) queued; {{already}} already in the outbox with the same file.',
      setAside:
        'The board file was damaged: it was set aside as {{file}} and the board starts empty. Drop the files again.',
      ordersFromEarlier:
        'The service cannot be reached: the pieces were matched against the {{count}} order(s) read at {{at}}.',
      alreadyOnBoard: '{{count}} piece(s) were already on the board and were not added again.',
      unknownOrder:
        '{{order}} is not among the orders read from the service: check the number, or drop the files again when the service can be reached.',
      nothingToAssign: 'This row is not a label nor an invoice: it cannot go to an order.',
      alreadyQueued: 'This row is already in the outbox: follow it there.',
      noSuchRow: 'That row is no longer on the board.',
      leftOutNotQueued: 'This row was left out: press Delete to bring it back first.',
      noOrderToQueue: 'This row has no order yet: type the order number first.',
      ordersOpenedHere:
        "This profile uses API v1, which lists no orders: the pieces were matched against the {{count}} order(s) opened on this station within the profile's date window.",
      ordersOnlyOpened:
        'The service cannot be reached and no orders were read before: the pieces were matched only against the {{count}} order(s) opened on this station today.',
      ordersUnavailable:
        'The orders could not be read from the service, so nothing was matched: every piece is listed as unmatched. Check the connection and drop the files again.',
      thumbnail: '{{kind}} {{index}} of {{source}}',
      columns: {
        picture: 'Picture',
        source: 'File',
        kind: 'What it is',
        order: 'Order',
        evidence: 'Why',
        status: 'State',
      },
      kind: { label: 'Label', invoice: 'Invoice', other: 'Not a label' },
      where: { label: 'on the label', invoice: 'on the invoice', other: 'in the file' },
      pages: 'pages {{pages}}',
      candidates: 'One of {{candidates}}',
      noOrder: 'No order',
      noEvidence: 'Nothing on it names an order.',
      evidence: {
        orderId: 'order number {{value}} {{where}}',
        tracking: 'tracking code {{value}} {{where}}',
        document: 'recipient document {{value}} {{where}}',
        name: 'recipient {{value}} {{where}}',
        postalCode: 'postal code {{value}} {{where}}',
        accessKey: 'NF-e access key {{value}} {{where}}',
      },
      status: {
        matched: 'Matched',
        assigned: 'Assigned',
        ambiguous: 'Ambiguous',
        unmatched: 'Unmatched',
        duplicate: 'Duplicate',
        refused: 'Refused',
        other: 'Not a label',
      },
      says: {
        matched: 'It belongs to {{order}}.',
        ambiguous: 'More than one order fits: choose one; Packbench never guesses.',
        unmatched: 'No order fits what it says.',
        duplicateOf: 'A second copy of {{source}} ({{index}}) in this drop.',
        deliveredAs: 'The same file is already on {{order}}.',
        refused: 'It was left out.',
        other: 'Not a label nor an invoice: nothing to send.',
      },
    },
  },
  'pt-BR': {
    refused: {
      missing: 'Não há nada em {{source}}: confira o caminho.',
      unreadable: '{{source}} não pôde ser lido ({{reason}}).',
      empty: '{{source}} está vazio: não há nada nele para separar.',
      notLabelOrInvoice:
        '{{source}} não é uma etiqueta (ZPL) nem uma nota fiscal (PDF), por isso ficou de fora.',
      zipInZip:
        '{{source}} é um ZIP dentro de um ZIP: descompacte o externo e solte os arquivos dele.',
      zipTooManyEntries:
        '{{source}} tem mais de {{max}} arquivos: um ZIP desse tamanho é recusado inteiro.',
      zipTooLarge: '{{source}} descompactado passaria de {{max}}: é recusado inteiro.',
      zipRatio:
        '{{source}} descompactado fica mais de {{ratio}} vezes maior que compactado, como uma bomba ZIP, por isso ficou de fora.',
      zipEntryUnreadable:
        '{{source}} não pôde ser descompactado (criptografado, ou compactado de um jeito que o Packbench não lê), por isso ficou de fora.',
      zipDamaged:
        '{{source}} não é um ZIP que o Packbench consiga ler: está danificado ou incompleto.',
      pdfDamaged: '{{source}} é um PDF danificado: ele não abre, ou uma página dele não abre.',
      pdfNeedsPassword:
        '{{source}} precisa de senha para abrir: salve-o sem senha e solte-o de novo.',
    },
    split: {
      empty: '{{source}} não tem etiqueta: está vazio ou só tem espaços.',
      no_labels: '{{source}} tem {{formats}} formato(s), e nenhum deles imprime uma etiqueta.',
      too_many_labels:
        '{{source}} tem {{labels}} etiquetas, mais que as {{limit}} que uma entrega pode separar: divida-o em arquivos menores.',
      unterminated:
        'A etiqueta que começa na linha {{line}}, coluna {{column}} de {{source}} não termina (sem ^XZ): uma impressora não imprimiria nada, por isso ficou de fora.',
      configuration_block:
        'Um bloco de configurações da impressora, não uma etiqueta: as configurações continuam valendo para as etiquetas seguintes.',
      format_definition:
        'Guarda o formato {{name}} que etiquetas seguintes chamam: não é uma etiqueta.',
    },
    station: {
      hint: 'Etiquetas e notas fiscais do dia? Solte os arquivos em qualquer lugar desta tela: eles vão para o quadro Em lote, cada um conferido com o seu pedido.',
    },
    board: {
      title: 'Em lote',
      intro:
        'Solte aqui as etiquetas e notas fiscais do dia (ZPL, PDF, ZIPs deles): cada etiqueta e cada nota vira uma linha, com o pedido a que pertence e o porquê.',
      drop: 'Solte etiquetas e notas fiscais aqui, ou pressione Enter para escolher arquivos',
      reading: 'Separando e conferindo {{count}} arquivo(s)…',
      summary: '{{rows}} peça(s) no quadro, conferidas com {{orders}} pedido(s).',
      rows: 'Peças da entrega',
      keys: 'As setas para cima e para baixo mudam de linha. Enter põe a linha na fila. Digitar um número de pedido atribui o pedido à linha. Delete deixa a linha de fora (de novo a traz de volta). Ctrl+Enter põe na fila todas as linhas com pedido.',
      queueAll: 'Pôr na fila todas as linhas com pedido ({{count}})',
      clear: 'Limpar o quadro',
      clearConfirm: 'Limpar o quadro? O que já está na fila continua na caixa de saída.',
      assignLabel: 'Pedido de {{source}}',
      assignHint: 'Digite o número do pedido e pressione Enter; Esc cancela.',
      assignedByYou: 'Atribuída por você a {{order}}.',
      leftOut: 'Deixada de fora: não irá para a fila. Pressione Delete para trazê-la de volta.',
      queuedAs: 'Na caixa de saída como {{file}}: {{state}}.',
      queuedSummary:
        '{{queued}} linha(s) na fila; {{already}} já estavam na caixa de saída com o mesmo arquivo.',
      setAside:
        'O arquivo do quadro estava danificado: foi guardado como {{file}} e o quadro começa vazio. Solte os arquivos de novo.',
      ordersFromEarlier:
        'O serviço não responde: as peças foram conferidas com os {{count}} pedido(s) lidos em {{at}}.',
      alreadyOnBoard: '{{count}} peça(s) já estavam no quadro e não foram incluídas de novo.',
      unknownOrder:
        '{{order}} não está entre os pedidos lidos do serviço: confira o número, ou solte os arquivos de novo quando o serviço responder.',
      nothingToAssign: 'Esta linha não é etiqueta nem nota fiscal: não pode ir para um pedido.',
      alreadyQueued: 'Esta linha já está na caixa de saída: acompanhe-a por lá.',
      noSuchRow: 'Essa linha não está mais no quadro.',
      leftOutNotQueued:
        'Esta linha foi deixada de fora: pressione Delete para trazê-la de volta primeiro.',
      noOrderToQueue: 'Esta linha ainda não tem pedido: digite primeiro o número do pedido.',
      ordersOpenedHere:
        'Este perfil usa a API v1, que não lista pedidos: as peças foram conferidas com os {{count}} pedido(s) abertos nesta estação dentro do período do perfil.',
      ordersOnlyOpened:
        'O serviço não responde e nenhum pedido foi lido antes: as peças foram conferidas só com os {{count}} pedido(s) abertos nesta estação hoje.',
      ordersUnavailable:
        'Não foi possível ler os pedidos do serviço, por isso nada foi conferido: todas as peças aparecem sem pedido. Verifique a conexão e solte os arquivos de novo.',
      thumbnail: '{{kind}} {{index}} de {{source}}',
      columns: {
        picture: 'Imagem',
        source: 'Arquivo',
        kind: 'O que é',
        order: 'Pedido',
        evidence: 'Por quê',
        status: 'Situação',
      },
      kind: { label: 'Etiqueta', invoice: 'Nota fiscal', other: 'Não é etiqueta' },
      where: { label: 'na etiqueta', invoice: 'na nota fiscal', other: 'no arquivo' },
      pages: 'páginas {{pages}}',
      candidates: 'Um de {{candidates}}',
      noOrder: 'Sem pedido',
      noEvidence: 'Nada nela indica um pedido.',
      evidence: {
        orderId: 'número do pedido {{value}} {{where}}',
        tracking: 'código de rastreio {{value}} {{where}}',
        document: 'documento do destinatário {{value}} {{where}}',
        name: 'destinatário {{value}} {{where}}',
        postalCode: 'CEP {{value}} {{where}}',
        accessKey: 'chave de acesso da NF-e {{value}} {{where}}',
      },
      status: {
        matched: 'Conferida',
        assigned: 'Atribuída',
        ambiguous: 'Ambígua',
        unmatched: 'Sem pedido',
        duplicate: 'Duplicada',
        refused: 'Recusada',
        other: 'Não é etiqueta',
      },
      says: {
        matched: 'Pertence a {{order}}.',
        ambiguous: 'Mais de um pedido serve: escolha um; o Packbench nunca adivinha.',
        unmatched: 'Nenhum pedido corresponde ao que ela diz.',
        duplicateOf: 'Uma segunda cópia de {{source}} ({{index}}) nesta entrega.',
        deliveredAs: 'O mesmo arquivo já está em {{order}}.',
        refused: 'Ficou de fora.',
        other: 'Não é etiqueta nem nota fiscal: nada a enviar.',
      },
    },
  },
  es: {
    refused: {
      missing: 'No hay nada en {{source}}: revise la ruta.',
      unreadable: '{{source}} no se pudo leer ({{reason}}).',
      empty: '{{source}} está vacío: no hay nada que separar.',
      notLabelOrInvoice:
        '{{source}} no es una etiqueta (ZPL) ni una factura (PDF), así que quedó fuera.',
      zipInZip:
        '{{source}} es un ZIP dentro de un ZIP: descomprima el exterior y suelte sus archivos.',
      zipTooManyEntries:
        '{{source}} contiene más de {{max}} archivos: un ZIP de ese tamaño se rechaza entero.',
      zipTooLarge: '{{source}} descomprimido pasaría de {{max}}: se rechaza entero.',
      zipRatio:
        '{{source}} descomprimido ocupa más de {{ratio}} veces su tamaño comprimido, como una bomba ZIP, así que quedó fuera.',
      zipEntryUnreadable:
        '{{source}} no se pudo descomprimir (cifrado, o comprimido de un modo que Packbench no lee), así que quedó fuera.',
      zipDamaged: '{{source}} no es un ZIP que Packbench pueda leer: está dañado o incompleto.',
      pdfDamaged: '{{source}} es un PDF dañado: no se abre, o una de sus páginas no se abre.',
      pdfNeedsPassword:
        '{{source}} necesita una contraseña para abrirse: guárdelo sin contraseña y suéltelo de nuevo.',
    },
    split: {
      empty: '{{source}} no contiene ninguna etiqueta: está vacío o solo tiene espacios.',
      no_labels: '{{source}} contiene {{formats}} formato(s), y ninguno imprime una etiqueta.',
      too_many_labels:
        '{{source}} contiene {{labels}} etiquetas, más de las {{limit}} que una entrega puede separar: divídalo en archivos más pequeños.',
      unterminated:
        'La etiqueta que empieza en la línea {{line}}, columna {{column}} de {{source}} nunca termina (sin ^XZ): una impresora no imprimiría nada, así que quedó fuera.',
      configuration_block:
        'Un bloque de ajustes de la impresora, no una etiqueta: sus ajustes siguen valiendo para las etiquetas siguientes.',
      format_definition:
        'Guarda el formato {{name}} que llaman etiquetas posteriores: no es una etiqueta.',
    },
    station: {
      hint: '¿Etiquetas y facturas del día? Suelte los archivos en cualquier parte de esta pantalla: van al tablero En lote, cada uno cotejado con su pedido.',
    },
    board: {
      title: 'En lote',
      intro:
        'Suelte aquí las etiquetas y facturas del día (ZPL, PDF, ZIPs de ellos): cada etiqueta y cada factura es una fila, con el pedido al que pertenece y por qué.',
      drop: 'Suelte etiquetas y facturas aquí, o pulse Enter para elegir archivos',
      reading: 'Separando y cotejando {{count}} archivo(s)…',
      summary: '{{rows}} pieza(s) en el tablero, cotejadas con {{orders}} pedido(s).',
      rows: 'Piezas de la entrega',
      keys: 'Las flechas arriba y abajo cambian de fila. Enter pone la fila en cola. Escribir un número de pedido se lo asigna a la fila. Suprimir deja la fila fuera (otra vez la recupera). Ctrl+Enter pone en cola todas las filas con pedido.',
      queueAll: 'Poner en cola todas las filas con pedido ({{count}})',
      clear: 'Vaciar el tablero',
      clearConfirm: '¿Vaciar el tablero? Lo que ya está en cola sigue en la bandeja de salida.',
      assignLabel: 'Pedido de {{source}}',
      assignHint: 'Escriba el número de pedido y pulse Enter; Esc cancela.',
      assignedByYou: 'Asignada por usted a {{order}}.',
      leftOut: 'Dejada fuera: no irá a la cola. Pulse Suprimir para recuperarla.',
      queuedAs: 'En la bandeja de salida como {{file}}: {{state}}.',
      queuedSummary:
        '{{queued}} fila(s) en cola; {{already}} ya estaban en la bandeja de salida con el mismo archivo.',
      setAside:
        'El archivo del tablero estaba dañado: se apartó como {{file}} y el tablero empieza vacío. Suelte los archivos otra vez.',
      ordersFromEarlier:
        'No se puede llegar al servicio: las piezas se cotejaron con los {{count}} pedido(s) leídos el {{at}}.',
      alreadyOnBoard: '{{count}} pieza(s) ya estaban en el tablero y no se añadieron otra vez.',
      unknownOrder:
        '{{order}} no está entre los pedidos leídos del servicio: revise el número, o suelte los archivos otra vez cuando el servicio responda.',
      nothingToAssign: 'Esta fila no es una etiqueta ni una factura: no puede ir a un pedido.',
      alreadyQueued: 'Esta fila ya está en la bandeja de salida: sígala allí.',
      noSuchRow: 'Esa fila ya no está en el tablero.',
      leftOutNotQueued: 'Esta fila se dejó fuera: pulse Suprimir para recuperarla primero.',
      noOrderToQueue: 'Esta fila aún no tiene pedido: escriba primero el número de pedido.',
      ordersOpenedHere:
        'Este perfil usa la API v1, que no lista pedidos: las piezas se cotejaron con los {{count}} pedido(s) abiertos en esta estación dentro del período del perfil.',
      ordersOnlyOpened:
        'No se puede llegar al servicio y no se leyeron pedidos antes: las piezas se cotejaron solo con los {{count}} pedido(s) abiertos en esta estación hoy.',
      ordersUnavailable:
        'No se pudieron leer los pedidos del servicio, así que nada se cotejó: todas las piezas aparecen sin pedido. Revise la conexión y suelte los archivos de nuevo.',
      thumbnail: '{{kind}} {{index}} de {{source}}',
      columns: {
        picture: 'Imagen',
        source: 'Archivo',
        kind: 'Qué es',
        order: 'Pedido',
        evidence: 'Por qué',
        status: 'Estado',
      },
      kind: { label: 'Etiqueta', invoice: 'Factura', other: 'No es etiqueta' },
      where: { label: 'en la etiqueta', invoice: 'en la factura', other: 'en el archivo' },
      pages: 'páginas {{pages}}',
      candidates: 'Uno de {{candidates}}',
      noOrder: 'Sin pedido',
      noEvidence: 'Nada en ella indica un pedido.',
      evidence: {
        orderId: 'número de pedido {{value}} {{where}}',
        tracking: 'código de seguimiento {{value}} {{where}}',
        document: 'documento del destinatario {{value}} {{where}}',
        name: 'destinatario {{value}} {{where}}',
        postalCode: 'código postal {{value}} {{where}}',
        accessKey: 'clave de acceso de la NF-e {{value}} {{where}}',
      },
      status: {
        matched: 'Cotejada',
        assigned: 'Asignada',
        ambiguous: 'Ambigua',
        unmatched: 'Sin pedido',
        duplicate: 'Duplicada',
        refused: 'Rechazada',
        other: 'No es etiqueta',
      },
      says: {
        matched: 'Pertenece a {{order}}.',
        ambiguous: 'Más de un pedido encaja: elija uno; Packbench nunca adivina.',
        unmatched: 'Ningún pedido corresponde a lo que dice.',
        duplicateOf: 'Una segunda copia de {{source}} ({{index}}) en esta entrega.',
        deliveredAs: 'El mismo archivo ya está en {{order}}.',
        refused: 'Quedó fuera.',
        other: 'No es etiqueta ni factura: nada que enviar.',
      },
    },
  },
};
