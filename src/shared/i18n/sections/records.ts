/**
 * The fleet's pack records (issue #40): why PostgreSQL cannot take them (Settings and the status
 * bar say it; packing goes on), what the replication is doing, and what `npm run records` says,
 * in every language side by side. The command line speaks English (IT scripts parse it).
 */
export const recordsSentences = {
  en: {
    supervisor: {
      title: "The supervisor's days",
      intro:
        'Per day, station and packer: packs, units, units per packing hour, refused scans per hundred units, FEFO overrides and why, short packs and weights let go.',
      from: 'From',
      to: 'To',
      show: 'Show',
      none: 'No pack was finished in those days.',
      chart: 'Units packed per packer and station',
      columns: {
        day: 'Day',
        station: 'Station',
        packer: 'Packer',
        packs: 'Packs',
        units: 'Units',
        unitsPerHour: 'Units per hour',
        errorsPer100: 'Refused scans per 100 units',
        fefoOverrides: 'FEFO overrides',
        shortPacks: 'Short packs',
        weightOverrides: 'Weights let go',
      },
    },
    bar: { ok: 'Records: in PostgreSQL', behind: 'Records: {{count}} waiting' },
    screen: {
      title: 'Pack records',
      intro:
        'Who received a lot, what went into an order, everything of one GTIN: one row per order and lot, with who it went to and who packed it.',
      by: 'Find by',
      byLot: 'Lot',
      byOrder: 'Order',
      byGtin: 'GTIN',
      value: 'Lot, order or GTIN',
      sku: 'SKU (optional)',
      from: 'From (optional)',
      to: 'To (optional)',
      search: 'Find',
      exportCsv: 'Export CSV',
      found: '{{count}} row(s).',
      none: 'No pack record matches.',
      fleet: "From the fleet's records in PostgreSQL.",
      stationOnly:
        "These are this station's own records only: no PostgreSQL is set (Settings → Pack records).",
      yes: 'Yes',
      no: 'No',
      columns: {
        order: 'Order',
        sku: 'SKU',
        gtin: 'GTIN',
        lot: 'Lot',
        expiry: 'Expiry',
        quantity: 'Qty',
        customer: 'Customer',
        city: 'City',
        packedAt: 'Packed',
        station: 'Station',
        packer: 'Packer',
        label: 'Label sent',
        invoice: 'Invoice sent',
      },
    },
    settings: {
      title: 'Pack records',
      intro:
        "Every finished pack is kept on this station. Give the warehouse's PostgreSQL and each station also sends its finished packs there, so a recall or the supervisor's view covers the whole fleet. Leave the address empty and the records stay on this station, as before.",
      url: 'PostgreSQL address',
      urlHint: 'postgres://user@host:5432/database. The password goes in its own field.',
      password: 'Password',
      passwordKept: 'A password is kept in the system keychain. Type a new one to replace it.',
      removePassword: 'Remove the kept password',
      ca: 'Certificate authority (PEM)',
      caHint: 'Only for a PostgreSQL whose TLS certificate comes from a private authority.',
      save: 'Save',
      saved: 'Saved.',
      test: 'Test',
      testOk: 'PostgreSQL {{server}} at {{target}} answered: the records can go there.',
      recovered:
        'The pack records settings were damaged and set aside ({{file}}). The records stay on this station until they are set again.',
      errors: {
        url: 'Enter a postgres:// address, such as postgres://packbench@db.warehouse.lan:5432/packs.',
        host: 'The address needs a host name or IP address.',
        passwordInUrl:
          'Take the password out of the address and type it in the password field: the address is stored in plain text, the password in the system keychain.',
        options: 'After the database, only ?sslmode= may follow (such as ?sslmode=require).',
        ca: 'Paste the certificate as PEM text, starting with -----BEGIN CERTIFICATE-----.',
      },
    },
    error: {
      badUrl:
        '{{url}} is not a PostgreSQL address: write it as postgres://user@host:5432/database.',
      auth: 'PostgreSQL at {{host}} refused the user {{user}}: check the user name and its password.',
      noDatabase:
        'There is no database {{database}} on the PostgreSQL at {{host}}: create it, or correct the address.',
      unreachable:
        'PostgreSQL at {{host}} cannot be reached ({{code}}): finished packs wait on this station and are sent when it answers.',
      tls: 'The secure connection to PostgreSQL at {{host}} failed ({{code}}): check its certificate authority and the address.',
      permission:
        'The user {{user}} may not create or write the pack records on {{host}}: ask IT to grant it.',
      newerSchema:
        'The pack records on {{host}} were set up by a newer Packbench (schema {{found}}, this one knows {{known}}): update Packbench.',
      failed: 'PostgreSQL at {{host}} answered with an error: {{message}}',
      refusedPack: 'PostgreSQL refused the pack of order {{order}} ({{pack}}): {{message}}',
      logUnreadable:
        'The replication log {{file}} could not be opened ({{message}}): packs are not sent to PostgreSQL until it can.',
      stationMissing: 'There are no pack records in {{dir}}: it is not a Packbench data folder.',
      stationInUse:
        'The pack records in {{dir}} are in use by a running Packbench: ask that station, or close it first.',
      stationUnreadable: 'The pack records in {{dir}} could not be read ({{message}}).',
    },
    state: {
      off: 'Pack records stay on this station: no PostgreSQL is set.',
      connecting: 'Connecting to PostgreSQL at {{host}}…',
      sending: 'Sending {{count}} finished pack(s) to PostgreSQL…',
      upToDate: 'Every finished pack is in PostgreSQL.',
      waiting: '{{count}} finished pack(s) wait on this station for PostgreSQL.',
    },
    cli: {
      noCommand: 'Name a command: recall.',
      unknownCommand: 'Unknown command "{{command}}": use recall.',
      needsValue: '{{flag}} needs a value.',
      unknownOption: 'recall takes no option {{flag}}.',
      oneKey: 'Name exactly one of --lot, --order or --gtin.',
      oneSource: 'Name exactly one of --database URL or --data-dir DIR.',
      oneFormat: 'Choose one of --json or --csv.',
      badDate: '{{flag}} takes a date as YYYY-MM-DD, not {{value}}.',
      backwards: '--from {{from}} is after --to {{to}}.',
      nothing: 'No pack record matches {{query}}.',
    },
  },
  'pt-BR': {
    supervisor: {
      title: 'Os dias do supervisor',
      intro:
        'Por dia, estação e embalador: embalagens, unidades, unidades por hora embalando, leituras recusadas a cada cem unidades, exceções ao FEFO e por quê, embalagens incompletas e pesos liberados.',
      from: 'De',
      to: 'Até',
      show: 'Mostrar',
      none: 'Nenhuma embalagem foi concluída nesses dias.',
      chart: 'Unidades embaladas por embalador e estação',
      columns: {
        day: 'Dia',
        station: 'Estação',
        packer: 'Embalador',
        packs: 'Embalagens',
        units: 'Unidades',
        unitsPerHour: 'Unidades por hora',
        errorsPer100: 'Leituras recusadas a cada 100 unidades',
        fefoOverrides: 'Exceções ao FEFO',
        shortPacks: 'Incompletas',
        weightOverrides: 'Pesos liberados',
      },
    },
    bar: { ok: 'Registros: no PostgreSQL', behind: 'Registros: {{count}} esperando' },
    screen: {
      title: 'Registros de embalagem',
      intro:
        'Quem recebeu um lote, o que foi em um pedido, tudo de um GTIN: uma linha por pedido e lote, com o destinatário e quem embalou.',
      by: 'Buscar por',
      byLot: 'Lote',
      byOrder: 'Pedido',
      byGtin: 'GTIN',
      value: 'Lote, pedido ou GTIN',
      sku: 'SKU (opcional)',
      from: 'De (opcional)',
      to: 'Até (opcional)',
      search: 'Buscar',
      exportCsv: 'Exportar CSV',
      found: '{{count}} linha(s).',
      none: 'Nenhum registro de embalagem corresponde.',
      fleet: 'Dos registros de todas as estações no PostgreSQL.',
      stationOnly:
        'Estes são só os registros desta estação: nenhum PostgreSQL configurado (Configurações → Registros de embalagem).',
      yes: 'Sim',
      no: 'Não',
      columns: {
        order: 'Pedido',
        sku: 'SKU',
        gtin: 'GTIN',
        lot: 'Lote',
        expiry: 'Validade',
        quantity: 'Qtd',
        customer: 'Cliente',
        city: 'Cidade',
        packedAt: 'Embalado',
        station: 'Estação',
        packer: 'Embalador',
        label: 'Etiqueta enviada',
        invoice: 'Nota enviada',
      },
    },
    settings: {
      title: 'Registros de embalagem',
      intro:
        'Cada embalagem concluída fica registrada nesta estação. Informe o PostgreSQL do armazém e cada estação também envia para lá as suas embalagens, para que um recall ou a visão do supervisor cubra todas as estações. Deixe o endereço vazio e os registros ficam nesta estação, como antes.',
      url: 'Endereço do PostgreSQL',
      urlHint: 'postgres://usuario@host:5432/banco. A senha vai no campo dela.',
      password: 'Senha',
      passwordKept: 'Há uma senha guardada no chaveiro do sistema. Digite outra para substituí-la.',
      removePassword: 'Remover a senha guardada',
      ca: 'Autoridade certificadora (PEM)',
      caHint: 'Só para um PostgreSQL cujo certificado TLS vem de uma autoridade privada.',
      save: 'Salvar',
      saved: 'Salvo.',
      test: 'Testar',
      testOk: 'O PostgreSQL {{server}} em {{target}} respondeu: os registros podem ir para lá.',
      recovered:
        'As configurações dos registros de embalagem estavam danificadas e foram guardadas à parte ({{file}}). Os registros ficam nesta estação até serem configuradas de novo.',
      errors: {
        url: 'Informe um endereço postgres://, como postgres://packbench@db.armazem.lan:5432/embalagens.',
        host: 'O endereço precisa de um nome de host ou endereço IP.',
        passwordInUrl:
          'Tire a senha do endereço e digite-a no campo de senha: o endereço é guardado como texto, a senha no chaveiro do sistema.',
        options: 'Depois do banco, só pode vir ?sslmode= (como ?sslmode=require).',
        ca: 'Cole o certificado como texto PEM, começando com -----BEGIN CERTIFICATE-----.',
      },
    },
    error: {
      badUrl:
        '{{url}} não é um endereço do PostgreSQL: escreva-o como postgres://usuario@host:5432/banco.',
      auth: 'O PostgreSQL em {{host}} recusou o usuário {{user}}: confira o nome do usuário e a senha.',
      noDatabase:
        'Não existe o banco {{database}} no PostgreSQL em {{host}}: crie-o ou corrija o endereço.',
      unreachable:
        'O PostgreSQL em {{host}} não responde ({{code}}): os volumes concluídos esperam nesta estação e seguem quando ele responder.',
      tls: 'A conexão segura com o PostgreSQL em {{host}} falhou ({{code}}): confira a autoridade certificadora e o endereço.',
      permission:
        'O usuário {{user}} não pode criar nem gravar os registros de embalagem em {{host}}: peça à TI que conceda.',
      newerSchema:
        'Os registros de embalagem em {{host}} foram criados por um Packbench mais novo (esquema {{found}}, este conhece {{known}}): atualize o Packbench.',
      failed: 'O PostgreSQL em {{host}} respondeu com um erro: {{message}}',
      refusedPack: 'O PostgreSQL recusou a embalagem do pedido {{order}} ({{pack}}): {{message}}',
      logUnreadable:
        'O registro de replicação {{file}} não pôde ser aberto ({{message}}): nada segue para o PostgreSQL até que possa.',
      stationMissing:
        'Não há registros de embalagem em {{dir}}: não é uma pasta de dados do Packbench.',
      stationInUse:
        'Os registros de embalagem em {{dir}} estão em uso por um Packbench aberto: consulte essa estação ou feche-a antes.',
      stationUnreadable:
        'Os registros de embalagem em {{dir}} não puderam ser lidos ({{message}}).',
    },
    state: {
      off: 'Os registros de embalagem ficam nesta estação: nenhum PostgreSQL configurado.',
      connecting: 'Conectando ao PostgreSQL em {{host}}…',
      sending: 'Enviando {{count}} embalagem(ns) concluída(s) ao PostgreSQL…',
      upToDate: 'Todas as embalagens concluídas estão no PostgreSQL.',
      waiting: '{{count}} embalagem(ns) concluída(s) esperam nesta estação pelo PostgreSQL.',
    },
    cli: {
      noCommand: 'Indique um comando: recall.',
      unknownCommand: 'Comando desconhecido "{{command}}": use recall.',
      needsValue: '{{flag}} precisa de um valor.',
      unknownOption: 'recall não aceita a opção {{flag}}.',
      oneKey: 'Indique exatamente um entre --lot, --order ou --gtin.',
      oneSource: 'Indique exatamente um entre --database URL ou --data-dir PASTA.',
      oneFormat: 'Escolha --json ou --csv, um só.',
      badDate: '{{flag}} recebe uma data AAAA-MM-DD, não {{value}}.',
      backwards: '--from {{from}} é depois de --to {{to}}.',
      nothing: 'Nenhum registro de embalagem corresponde a {{query}}.',
    },
  },
  es: {
    supervisor: {
      title: 'Los días del supervisor',
      intro:
        'Por día, estación y embalador: embalajes, unidades, unidades por hora de embalaje, lecturas rechazadas cada cien unidades, excepciones FEFO y por qué, embalajes incompletos y pesos aceptados.',
      from: 'Desde',
      to: 'Hasta',
      show: 'Mostrar',
      none: 'No se terminó ningún embalaje en esos días.',
      chart: 'Unidades embaladas por embalador y estación',
      columns: {
        day: 'Día',
        station: 'Estación',
        packer: 'Embalador',
        packs: 'Embalajes',
        units: 'Unidades',
        unitsPerHour: 'Unidades por hora',
        errorsPer100: 'Lecturas rechazadas cada 100 unidades',
        fefoOverrides: 'Excepciones FEFO',
        shortPacks: 'Incompletos',
        weightOverrides: 'Pesos aceptados',
      },
    },
    bar: { ok: 'Registros: en PostgreSQL', behind: 'Registros: {{count}} en espera' },
    screen: {
      title: 'Registros de embalaje',
      intro:
        'Quién recibió un lote, qué fue en un pedido, todo de un GTIN: una fila por pedido y lote, con el destinatario y quién lo embaló.',
      by: 'Buscar por',
      byLot: 'Lote',
      byOrder: 'Pedido',
      byGtin: 'GTIN',
      value: 'Lote, pedido o GTIN',
      sku: 'SKU (opcional)',
      from: 'Desde (opcional)',
      to: 'Hasta (opcional)',
      search: 'Buscar',
      exportCsv: 'Exportar CSV',
      found: '{{count}} fila(s).',
      none: 'Ningún registro de embalaje coincide.',
      fleet: 'De los registros de todas las estaciones en PostgreSQL.',
      stationOnly:
        'Estos son solo los registros de esta estación: no hay PostgreSQL configurado (Configuración → Registros de embalaje).',
      yes: 'Sí',
      no: 'No',
      columns: {
        order: 'Pedido',
        sku: 'SKU',
        gtin: 'GTIN',
        lot: 'Lote',
        expiry: 'Caducidad',
        quantity: 'Cant.',
        customer: 'Cliente',
        city: 'Ciudad',
        packedAt: 'Embalado',
        station: 'Estación',
        packer: 'Embalador',
        label: 'Etiqueta enviada',
        invoice: 'Factura enviada',
      },
    },
    settings: {
      title: 'Registros de embalaje',
      intro:
        'Cada embalaje terminado queda registrado en esta estación. Indique el PostgreSQL del almacén y cada estación también envía allí sus embalajes, para que un retiro o la vista del supervisor cubra todas las estaciones. Deje la dirección vacía y los registros se quedan en esta estación, como antes.',
      url: 'Dirección de PostgreSQL',
      urlHint: 'postgres://usuario@host:5432/base. La contraseña va en su propio campo.',
      password: 'Contraseña',
      passwordKept:
        'Hay una contraseña guardada en el llavero del sistema. Escriba otra para reemplazarla.',
      removePassword: 'Quitar la contraseña guardada',
      ca: 'Autoridad de certificación (PEM)',
      caHint: 'Solo para un PostgreSQL cuyo certificado TLS viene de una autoridad privada.',
      save: 'Guardar',
      saved: 'Guardado.',
      test: 'Probar',
      testOk: 'PostgreSQL {{server}} en {{target}} respondió: los registros pueden ir allí.',
      recovered:
        'La configuración de los registros de embalaje estaba dañada y se apartó ({{file}}). Los registros se quedan en esta estación hasta que se configure de nuevo.',
      errors: {
        url: 'Escriba una dirección postgres://, como postgres://packbench@db.almacen.lan:5432/embalajes.',
        host: 'La dirección necesita un nombre de host o una dirección IP.',
        passwordInUrl:
          'Quite la contraseña de la dirección y escríbala en el campo de contraseña: la dirección se guarda como texto, la contraseña en el llavero del sistema.',
        options: 'Después de la base, solo puede seguir ?sslmode= (como ?sslmode=require).',
        ca: 'Pegue el certificado como texto PEM, empezando por -----BEGIN CERTIFICATE-----.',
      },
    },
    error: {
      badUrl:
        '{{url}} no es una dirección de PostgreSQL: escríbala como postgres://usuario@host:5432/base.',
      auth: 'PostgreSQL en {{host}} rechazó al usuario {{user}}: revise el nombre de usuario y su contraseña.',
      noDatabase:
        'No existe la base {{database}} en el PostgreSQL de {{host}}: créela o corrija la dirección.',
      unreachable:
        'PostgreSQL en {{host}} no responde ({{code}}): los paquetes terminados esperan en esta estación y se envían cuando responda.',
      tls: 'La conexión segura con PostgreSQL en {{host}} falló ({{code}}): revise su autoridad de certificación y la dirección.',
      permission:
        'El usuario {{user}} no puede crear ni escribir los registros de empaque en {{host}}: pida a TI que lo autorice.',
      newerSchema:
        'Los registros de empaque en {{host}} los creó un Packbench más nuevo (esquema {{found}}, este conoce {{known}}): actualice Packbench.',
      failed: 'PostgreSQL en {{host}} respondió con un error: {{message}}',
      refusedPack: 'PostgreSQL rechazó el paquete del pedido {{order}} ({{pack}}): {{message}}',
      logUnreadable:
        'El registro de replicación {{file}} no pudo abrirse ({{message}}): nada se envía a PostgreSQL hasta que pueda.',
      stationMissing:
        'No hay registros de empaque en {{dir}}: no es una carpeta de datos de Packbench.',
      stationInUse:
        'Los registros de empaque en {{dir}} están en uso por un Packbench abierto: consulte esa estación o ciérrela antes.',
      stationUnreadable: 'Los registros de empaque en {{dir}} no pudieron leerse ({{message}}).',
    },
    state: {
      off: 'Los registros de empaque quedan en esta estación: no hay PostgreSQL configurado.',
      connecting: 'Conectando con PostgreSQL en {{host}}…',
      sending: 'Enviando {{count}} paquete(s) terminado(s) a PostgreSQL…',
      upToDate: 'Todos los paquetes terminados están en PostgreSQL.',
      waiting: '{{count}} paquete(s) terminado(s) esperan en esta estación a PostgreSQL.',
    },
    cli: {
      noCommand: 'Indique un comando: recall.',
      unknownCommand: 'Comando desconocido "{{command}}": use recall.',
      needsValue: '{{flag}} necesita un valor.',
      unknownOption: 'recall no acepta la opción {{flag}}.',
      oneKey: 'Indique exactamente uno de --lot, --order o --gtin.',
      oneSource: 'Indique exactamente uno de --database URL o --data-dir CARPETA.',
      oneFormat: 'Elija --json o --csv, solo uno.',
      badDate: '{{flag}} recibe una fecha AAAA-MM-DD, no {{value}}.',
      backwards: '--from {{from}} es posterior a --to {{to}}.',
      nothing: 'Ningún registro de empaque corresponde a {{query}}.',
    },
  },
};
