/**
 * The fleet's pack records (issue #40): why PostgreSQL cannot take them (Settings and the status
 * bar say it; packing goes on), what the replication is doing, and what `npm run records` says,
 * in every language side by side. The command line speaks English (IT scripts parse it).
 */
export const recordsSentences = {
  en: {
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
