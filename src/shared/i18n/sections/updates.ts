/**
 * The station's updates (issue #31): what the status bar says when an update is ready, and why
 * an update was refused, in every language side by side; what Settings → About says of the
 * signatures and the bill of materials, and what `npm run -s release` says (issue #43: English on
 * the command line, which IT scripts read).
 */
export const updatesSentences = {
  en: {
    refusedShort: 'Update not installed',
    ready: 'Update {{version}} is ready: it installs when Packbench closes.',
    readyHours:
      'Update {{version}} is ready: it installs when Packbench closes or between {{from}} and {{to}} when no one is working.',
    refused: {
      tampered:
        'Update {{version}} was refused: the downloaded file does not match its checksum (sha512). Nothing was installed.',
      size: 'Update {{version}} was refused: the downloaded file has {{actual}} bytes, not the {{expected}} the update server announced. Nothing was installed.',
      stalled:
        'Update {{version}} was refused: the update server stopped sending for {{seconds}} seconds. Nothing was installed; the station tries again later.',
      unreachable:
        'The update server could not be reached ({{url}}). The station tries again later.',
      failed: 'The update could not be checked or downloaded: {{message}}',
      unsigned:
        'An update was refused before anything was downloaded: {{file}} on the update server is not signed, and this station takes only signed updates. Nothing was installed.',
      malformed:
        'An update was refused before anything was downloaded: the signature of {{file}} is not a signature (truncated or garbled). Nothing was installed.',
      mismatch:
        'An update was refused before anything was downloaded: the signature of {{file}} does not match it with the keys this station trusts (the file was changed after signing, or signed by another key). Nothing was installed.',
    },
    about: {
      signed:
        'Updates are signature-checked: a release in the update folder must be signed by one of these keys: {{keys}}.',
      unsigned:
        'Updates are not signature-checked: the policy names no release key (updates.publicKeys), so the station trusts whatever its update folder holds.',
      sbom: 'Bill of materials (CycloneDX): {{file}}, beside the installers of this version (the release folder, and the update folder when IT copies it there).',
    },
    release: {
      noCommand: 'Name a command: keygen, sign or verify.',
      unknownCommand: '"{{command}}" is not a command: use keygen, sign or verify.',
      unknownOption: '{{flag}} is not an option of {{command}}.',
      needsValue: '{{flag}} needs a value.',
      needsKey: '{{command}} needs --key FILE.',
      needsOut: 'keygen needs --out DIR.',
      oneFolder: 'sign takes one folder: the one holding latest*.yml.',
      oneFile: 'verify takes one file.',
      exists: '{{file}} already exists: keygen never overwrites a key.',
      privateKey: 'The key {{file}} could not be read as an Ed25519 private key: {{message}}',
      publicKey: 'The key {{file}} could not be read as an Ed25519 public key: {{message}}',
      unreadable: '{{file}} could not be read: {{message}}',
      notWritten: '{{file}} could not be written: {{message}}',
      nothingToSign: 'There is no latest*.yml in {{folder}}: nothing was signed.',
      made: 'Wrote {{private}} (keep it secret, off the stations and out of the repository) and {{public}}. Key {{fingerprint}}.',
      policyLine: "For the policy's updates.publicKeys: {{line}}",
      signed: 'Signed {{file}}: {{signature}}',
      good: '{{file}}: a good signature by key {{fingerprint}}.',
      unsigned: '{{file}} is not signed: there is no {{signature}}.',
      malformed:
        '{{signature}} is not a signature: one line of base64 of 64 bytes was expected (it may be truncated).',
      mismatch:
        'The signature in {{signature}} does not match {{file}} with key {{fingerprint}}: the file was changed after signing, or signed by another key.',
    },
  },
  'pt-BR': {
    refusedShort: 'Atualização não instalada',
    ready: 'A atualização {{version}} está pronta: ela é instalada quando o Packbench fechar.',
    readyHours:
      'A atualização {{version}} está pronta: ela é instalada quando o Packbench fechar ou entre {{from}} e {{to}} quando ninguém estiver trabalhando.',
    refused: {
      tampered:
        'A atualização {{version}} foi recusada: o arquivo baixado não confere com o seu checksum (sha512). Nada foi instalado.',
      size: 'A atualização {{version}} foi recusada: o arquivo baixado tem {{actual}} bytes, não os {{expected}} anunciados pelo servidor de atualizações. Nada foi instalado.',
      stalled:
        'A atualização {{version}} foi recusada: o servidor de atualizações parou de enviar por {{seconds}} segundos. Nada foi instalado; a estação tenta de novo mais tarde.',
      unreachable:
        'Não foi possível acessar o servidor de atualizações ({{url}}). A estação tenta de novo mais tarde.',
      failed: 'Não foi possível verificar ou baixar a atualização: {{message}}',
      unsigned:
        'Uma atualização foi recusada antes de qualquer download: {{file}} no servidor de atualizações não está assinado, e esta estação só aceita atualizações assinadas. Nada foi instalado.',
      malformed:
        'Uma atualização foi recusada antes de qualquer download: a assinatura de {{file}} não é uma assinatura (truncada ou corrompida). Nada foi instalado.',
      mismatch:
        'Uma atualização foi recusada antes de qualquer download: a assinatura de {{file}} não confere com as chaves em que esta estação confia (o arquivo foi alterado depois de assinado, ou assinado por outra chave). Nada foi instalado.',
    },
    about: {
      signed:
        'As atualizações têm a assinatura verificada: uma versão na pasta de atualizações precisa estar assinada por uma destas chaves: {{keys}}.',
      unsigned:
        'As atualizações não têm a assinatura verificada: a política não indica nenhuma chave de release (updates.publicKeys), então a estação confia no que a pasta de atualizações tiver.',
      sbom: 'Lista de materiais (CycloneDX): {{file}}, ao lado dos instaladores desta versão (a pasta release, e a pasta de atualizações quando a TI o copia para lá).',
    },
    release: {
      noCommand: 'Indique um comando: keygen, sign ou verify.',
      unknownCommand: '"{{command}}" não é um comando: use keygen, sign ou verify.',
      unknownOption: '{{flag}} não é uma opção de {{command}}.',
      needsValue: '{{flag}} precisa de um valor.',
      needsKey: '{{command}} precisa de --key ARQUIVO.',
      needsOut: 'keygen precisa de --out PASTA.',
      oneFolder: 'sign recebe uma pasta: a que contém latest*.yml.',
      oneFile: 'verify recebe um arquivo.',
      exists: '{{file}} já existe: keygen nunca sobrescreve uma chave.',
      privateKey: 'Não foi possível ler a chave {{file}} como chave privada Ed25519: {{message}}',
      publicKey: 'Não foi possível ler a chave {{file}} como chave pública Ed25519: {{message}}',
      unreadable: 'Não foi possível ler {{file}}: {{message}}',
      notWritten: 'Não foi possível gravar {{file}}: {{message}}',
      nothingToSign: 'Não há latest*.yml em {{folder}}: nada foi assinado.',
      made: 'Gravados {{private}} (mantenha-a em segredo, fora das estações e do repositório) e {{public}}. Chave {{fingerprint}}.',
      policyLine: 'Para updates.publicKeys da política: {{line}}',
      signed: 'Assinado {{file}}: {{signature}}',
      good: '{{file}}: assinatura válida da chave {{fingerprint}}.',
      unsigned: '{{file}} não está assinado: não existe {{signature}}.',
      malformed:
        '{{signature}} não é uma assinatura: esperava-se uma linha de base64 de 64 bytes (pode estar truncada).',
      mismatch:
        'A assinatura em {{signature}} não confere com {{file}} pela chave {{fingerprint}}: o arquivo foi alterado depois de assinado, ou assinado por outra chave.',
    },
  },
  es: {
    refusedShort: 'Actualización no instalada',
    ready: 'La actualización {{version}} está lista: se instala cuando Packbench se cierre.',
    readyHours:
      'La actualización {{version}} está lista: se instala cuando Packbench se cierre o entre las {{from}} y las {{to}} cuando nadie esté trabajando.',
    refused: {
      tampered:
        'La actualización {{version}} fue rechazada: el archivo descargado no coincide con su suma de verificación (sha512). No se instaló nada.',
      size: 'La actualización {{version}} fue rechazada: el archivo descargado tiene {{actual}} bytes, no los {{expected}} que anunció el servidor de actualizaciones. No se instaló nada.',
      stalled:
        'La actualización {{version}} fue rechazada: el servidor de actualizaciones dejó de enviar durante {{seconds}} segundos. No se instaló nada; la estación lo intentará más tarde.',
      unreachable:
        'No se pudo conectar con el servidor de actualizaciones ({{url}}). La estación lo intentará más tarde.',
      failed: 'No se pudo comprobar ni descargar la actualización: {{message}}',
      unsigned:
        'Se rechazó una actualización antes de descargar nada: {{file}} en el servidor de actualizaciones no está firmado, y esta estación solo acepta actualizaciones firmadas. No se instaló nada.',
      malformed:
        'Se rechazó una actualización antes de descargar nada: la firma de {{file}} no es una firma (truncada o dañada). No se instaló nada.',
      mismatch:
        'Se rechazó una actualización antes de descargar nada: la firma de {{file}} no coincide con las claves en las que confía esta estación (el archivo se modificó después de firmarlo, o lo firmó otra clave). No se instaló nada.',
    },
    about: {
      signed:
        'Las actualizaciones tienen la firma comprobada: una versión en la carpeta de actualizaciones debe estar firmada por una de estas claves: {{keys}}.',
      unsigned:
        'Las actualizaciones no tienen la firma comprobada: la política no indica ninguna clave de versión (updates.publicKeys), así que la estación confía en lo que haya en su carpeta de actualizaciones.',
      sbom: 'Lista de materiales (CycloneDX): {{file}}, junto a los instaladores de esta versión (la carpeta release, y la carpeta de actualizaciones cuando TI lo copia allí).',
    },
    release: {
      noCommand: 'Indique un comando: keygen, sign o verify.',
      unknownCommand: '"{{command}}" no es un comando: use keygen, sign o verify.',
      unknownOption: '{{flag}} no es una opción de {{command}}.',
      needsValue: '{{flag}} necesita un valor.',
      needsKey: '{{command}} necesita --key ARCHIVO.',
      needsOut: 'keygen necesita --out CARPETA.',
      oneFolder: 'sign recibe una carpeta: la que contiene latest*.yml.',
      oneFile: 'verify recibe un archivo.',
      exists: '{{file}} ya existe: keygen nunca sobrescribe una clave.',
      privateKey: 'No se pudo leer la clave {{file}} como clave privada Ed25519: {{message}}',
      publicKey: 'No se pudo leer la clave {{file}} como clave pública Ed25519: {{message}}',
      unreadable: 'No se pudo leer {{file}}: {{message}}',
      notWritten: 'No se pudo escribir {{file}}: {{message}}',
      nothingToSign: 'No hay ningún latest*.yml en {{folder}}: no se firmó nada.',
      made: 'Se escribieron {{private}} (manténgala en secreto, fuera de las estaciones y del repositorio) y {{public}}. Clave {{fingerprint}}.',
      policyLine: 'Para updates.publicKeys de la política: {{line}}',
      signed: 'Firmado {{file}}: {{signature}}',
      good: '{{file}}: una firma válida de la clave {{fingerprint}}.',
      unsigned: '{{file}} no está firmado: no existe {{signature}}.',
      malformed:
        '{{signature}} no es una firma: se esperaba una línea de base64 de 64 bytes (puede estar truncada).',
      mismatch:
        'La firma de {{signature}} no coincide con {{file}} con la clave {{fingerprint}}: el archivo se modificó después de firmarlo, o lo firmó otra clave.',
    },
  },
} as const;
