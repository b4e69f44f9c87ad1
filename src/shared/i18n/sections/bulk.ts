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
    board: {
      title: 'Bulk',
      intro:
        'Drop a day of labels and invoices here (ZPL, PDF, ZIPs of them): each label and invoice becomes a row, with the order it belongs to and why.',
      drop: 'Drop labels and invoices here, or press Enter to choose files',
      reading: 'Splitting and matching {{count}} file(s)…',
      summary: '{{rows}} piece(s) from {{files}} file(s), matched against {{orders}} order(s).',
      rows: 'Pieces of the drop',
      keys: 'Up and Down arrows move between rows; Home and End go to the first and the last.',
      ordersUnavailable:
        'The orders could not be read from the service, so nothing was matched: every piece is listed as unmatched. Check the connection and drop the files again.',
      columns: {
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
    board: {
      title: 'Em lote',
      intro:
        'Solte aqui as etiquetas e notas fiscais do dia (ZPL, PDF, ZIPs deles): cada etiqueta e cada nota vira uma linha, com o pedido a que pertence e o porquê.',
      drop: 'Solte etiquetas e notas fiscais aqui, ou pressione Enter para escolher arquivos',
      reading: 'Separando e conferindo {{count}} arquivo(s)…',
      summary: '{{rows}} peça(s) de {{files}} arquivo(s), conferidas com {{orders}} pedido(s).',
      rows: 'Peças da entrega',
      keys: 'As setas para cima e para baixo mudam de linha; Home e End vão à primeira e à última.',
      ordersUnavailable:
        'Não foi possível ler os pedidos do serviço, por isso nada foi conferido: todas as peças aparecem sem pedido. Verifique a conexão e solte os arquivos de novo.',
      columns: {
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
    board: {
      title: 'En lote',
      intro:
        'Suelte aquí las etiquetas y facturas del día (ZPL, PDF, ZIPs de ellos): cada etiqueta y cada factura es una fila, con el pedido al que pertenece y por qué.',
      drop: 'Suelte etiquetas y facturas aquí, o pulse Enter para elegir archivos',
      reading: 'Separando y cotejando {{count}} archivo(s)…',
      summary: '{{rows}} pieza(s) de {{files}} archivo(s), cotejadas con {{orders}} pedido(s).',
      rows: 'Piezas de la entrega',
      keys: 'Las flechas arriba y abajo cambian de fila; Inicio y Fin van a la primera y a la última.',
      ordersUnavailable:
        'No se pudieron leer los pedidos del servicio, así que nada se cotejó: todas las piezas aparecen sin pedido. Revise la conexión y suelte los archivos de nuevo.',
      columns: {
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
