/**
 * The pack camera (issue #41): the order card's live view and what it says when the camera
 * cannot record, the words burned into every frame, and Settings → Camera, in every language.
 */
export const cameraSentences = {
  en: {
    settings: {
      title: 'Camera',
      intro:
        'A camera over the bench records every pack by itself, from the order opened to a few seconds after the finish, with the order, the time and each scan burned into the picture. Clips stay in the data folder, or in the folder set below.',
      enabled: 'Record every pack',
      device: 'Camera',
      defaultDevice: "The system's default camera",
      resolution: 'Resolution',
      fps: 'Frames per second',
      audio: 'Record sound too',
      tail: 'Seconds recorded after the finish',
      keepDays: 'Keep clips for (days)',
      maxGigabytes: 'Clips may take at most (GB)',
      folder: 'Where clips go',
      folderHint: 'Empty: the data folder. Or a whole path, such as a network share.',
      folderInvalid:
        'Write a whole path (/…, C:\\… or \\\\server\\share), or leave it empty for the data folder.',
      required: 'A pack cannot finish without a clip',
      preview: 'Show the preview',
      previewStop: 'Hide the preview',
      previewHint:
        'The dashed frame is what each clip keeps; the band on top carries the order, the time and the last scan.',
      previewLabel: 'Camera preview with the recorded frame',
      save: 'Save camera',
      saved: 'Saved. The next pack opened is recorded with these settings.',
    },
    card: {
      live: 'Camera: what this pack records',
      recording: 'Recording',
      saved: 'Clip kept: {{seconds}} s, SHA-256 {{sha256}}…',
      noCamera: 'No camera was found: this pack is not recorded. Packing goes on.',
      busy: 'The camera is in use by another program: this pack is not recorded. Packing goes on.',
      denied: 'The camera was refused to the station: this pack is not recorded. Packing goes on.',
      failed: 'The camera could not record ({{why}}): this pack is not recorded. Packing goes on.',
      unplugged:
        'The camera stopped (unplugged?): the clip keeps what was recorded. Packing goes on.',
    },
    overlay: {
      who: 'Station {{station}} · packer {{packer}}',
      order: 'Order {{order}}',
      lastScan: 'Last scan {{code}}: {{verdict}}',
      noScan: 'No scan yet',
    },
    gate: {
      off: 'This station needs a clip of every pack, and recording is off in Settings → Camera: turn it on, then finish again.',
      none: 'This station needs a clip of every pack, and this pack is not being recorded: check the camera, then finish again.',
      waiting: 'The camera has not written its first second yet: finish again in a moment.',
      stopped:
        'This station needs a clip of every pack, and this pack’s recording stopped (a full disk or a clips folder that cannot be written): the pack cannot finish.',
    },
    player: {
      open: 'Play clip',
      title: 'Clip of order {{order}}',
      part: 'Clip {{n}} of {{count}}',
      facts: '{{seconds}} s · {{megabytes}} MB · SHA-256 {{sha256}}',
      jump: 'Jump to a scan',
      noCues: 'No scan happened while this clip recorded.',
      gone: 'This clip is no longer in the clips folder (deleted by retention, or moved). Its hash stays in the record.',
      none: 'This station holds no clip of order {{order}}.',
      stopped: 'This clip’s recording stopped early: it keeps what was written.',
      export: 'Export evidence',
      exported: 'Evidence saved in {{file}} (manifest SHA-256 {{sha256}}…).',
      close: 'Close',
      hold: 'Keep these clips (a dispute): retention never deletes them',
    },
  },
  'pt-BR': {
    settings: {
      title: 'Câmera',
      intro:
        'Uma câmera sobre a bancada grava cada pacote sozinha, do pedido aberto até alguns segundos depois do fim, com o pedido, a hora e cada leitura gravados na imagem. Os vídeos ficam na pasta de dados, ou na pasta indicada abaixo.',
      enabled: 'Gravar cada pacote',
      device: 'Câmera',
      defaultDevice: 'A câmera padrão do sistema',
      resolution: 'Resolução',
      fps: 'Quadros por segundo',
      audio: 'Gravar o som também',
      tail: 'Segundos gravados depois do fim',
      keepDays: 'Guardar os vídeos por (dias)',
      maxGigabytes: 'Os vídeos podem ocupar no máximo (GB)',
      folder: 'Onde os vídeos ficam',
      folderHint: 'Vazio: a pasta de dados. Ou um caminho completo, como uma pasta de rede.',
      folderInvalid:
        'Escreva um caminho completo (/…, C:\\… ou \\\\servidor\\pasta), ou deixe vazio para a pasta de dados.',
      required: 'Um pacote não termina sem vídeo',
      preview: 'Mostrar a prévia',
      previewStop: 'Esconder a prévia',
      previewHint:
        'O quadro tracejado é o que cada vídeo guarda; a faixa de cima leva o pedido, a hora e a última leitura.',
      previewLabel: 'Prévia da câmera com o quadro gravado',
      save: 'Salvar câmera',
      saved: 'Salvo. O próximo pacote aberto é gravado com estes ajustes.',
    },
    card: {
      live: 'Câmera: o que este pacote grava',
      recording: 'Gravando',
      saved: 'Vídeo guardado: {{seconds}} s, SHA-256 {{sha256}}…',
      noCamera: 'Nenhuma câmera foi encontrada: este pacote não é gravado. A embalagem continua.',
      busy: 'A câmera está em uso por outro programa: este pacote não é gravado. A embalagem continua.',
      denied: 'A câmera foi negada à estação: este pacote não é gravado. A embalagem continua.',
      failed:
        'A câmera não pôde gravar ({{why}}): este pacote não é gravado. A embalagem continua.',
      unplugged:
        'A câmera parou (desconectada?): o vídeo guarda o que foi gravado. A embalagem continua.',
    },
    overlay: {
      who: 'Estação {{station}} · embalador {{packer}}',
      order: 'Pedido {{order}}',
      lastScan: 'Última leitura {{code}}: {{verdict}}',
      noScan: 'Nenhuma leitura ainda',
    },
    gate: {
      off: 'Esta estação exige um vídeo de cada pacote, e a gravação está desligada em Ajustes → Câmera: ligue-a e termine de novo.',
      none: 'Esta estação exige um vídeo de cada pacote, e este pacote não está sendo gravado: verifique a câmera e termine de novo.',
      waiting: 'A câmera ainda não gravou o primeiro segundo: termine de novo em um instante.',
      stopped:
        'Esta estação exige um vídeo de cada pacote, e a gravação deste pacote parou (disco cheio ou pasta de vídeos sem escrita): o pacote não pode terminar.',
    },
    player: {
      open: 'Ver o vídeo',
      title: 'Vídeo do pedido {{order}}',
      part: 'Vídeo {{n}} de {{count}}',
      facts: '{{seconds}} s · {{megabytes}} MB · SHA-256 {{sha256}}',
      jump: 'Ir para uma leitura',
      noCues: 'Nenhuma leitura aconteceu enquanto este vídeo gravava.',
      gone: 'Este vídeo não está mais na pasta de vídeos (apagado pela retenção, ou movido). O hash fica no registro.',
      none: 'Esta estação não tem vídeo do pedido {{order}}.',
      stopped: 'A gravação deste vídeo parou antes: ele guarda o que foi escrito.',
      export: 'Exportar evidência',
      exported: 'Evidência salva em {{file}} (SHA-256 do manifesto {{sha256}}…).',
      close: 'Fechar',
      hold: 'Guardar estes vídeos (uma disputa): a retenção nunca os apaga',
    },
  },
  es: {
    settings: {
      title: 'Cámara',
      intro:
        'Una cámara sobre el banco graba cada empaque por sí sola, desde el pedido abierto hasta unos segundos después del final, con el pedido, la hora y cada lectura grabados en la imagen. Los videos quedan en la carpeta de datos, o en la carpeta indicada abajo.',
      enabled: 'Grabar cada empaque',
      device: 'Cámara',
      defaultDevice: 'La cámara predeterminada del sistema',
      resolution: 'Resolución',
      fps: 'Cuadros por segundo',
      audio: 'Grabar también el sonido',
      tail: 'Segundos grabados después del final',
      keepDays: 'Guardar los videos durante (días)',
      maxGigabytes: 'Los videos pueden ocupar como máximo (GB)',
      folder: 'Dónde quedan los videos',
      folderHint: 'Vacío: la carpeta de datos. O una ruta completa, como una carpeta de red.',
      folderInvalid:
        'Escriba una ruta completa (/…, C:\\… o \\\\servidor\\carpeta), o déjela vacía para la carpeta de datos.',
      required: 'Un empaque no termina sin video',
      preview: 'Mostrar la vista previa',
      previewStop: 'Ocultar la vista previa',
      previewHint:
        'El marco punteado es lo que guarda cada video; la franja de arriba lleva el pedido, la hora y la última lectura.',
      previewLabel: 'Vista previa de la cámara con el marco grabado',
      save: 'Guardar cámara',
      saved: 'Guardado. El próximo empaque abierto se graba con estos ajustes.',
    },
    card: {
      live: 'Cámara: lo que graba este empaque',
      recording: 'Grabando',
      saved: 'Video guardado: {{seconds}} s, SHA-256 {{sha256}}…',
      noCamera: 'No se encontró ninguna cámara: este empaque no se graba. El empaque continúa.',
      busy: 'La cámara está en uso por otro programa: este empaque no se graba. El empaque continúa.',
      denied:
        'La cámara fue denegada a la estación: este empaque no se graba. El empaque continúa.',
      failed: 'La cámara no pudo grabar ({{why}}): este empaque no se graba. El empaque continúa.',
      unplugged:
        'La cámara se detuvo (¿desconectada?): el video guarda lo grabado. El empaque continúa.',
    },
    overlay: {
      who: 'Estación {{station}} · empacador {{packer}}',
      order: 'Pedido {{order}}',
      lastScan: 'Última lectura {{code}}: {{verdict}}',
      noScan: 'Ninguna lectura aún',
    },
    gate: {
      off: 'Esta estación exige un video de cada empaque, y la grabación está apagada en Ajustes → Cámara: enciéndala y termine de nuevo.',
      none: 'Esta estación exige un video de cada empaque, y este empaque no se está grabando: revise la cámara y termine de nuevo.',
      waiting: 'La cámara aún no grabó su primer segundo: termine de nuevo en un momento.',
      stopped:
        'Esta estación exige un video de cada empaque, y la grabación de este empaque se detuvo (disco lleno o carpeta de videos sin escritura): el empaque no puede terminar.',
    },
    player: {
      open: 'Ver el video',
      title: 'Video del pedido {{order}}',
      part: 'Video {{n}} de {{count}}',
      facts: '{{seconds}} s · {{megabytes}} MB · SHA-256 {{sha256}}',
      jump: 'Ir a una lectura',
      noCues: 'Ninguna lectura ocurrió mientras este video grababa.',
      gone: 'Este video ya no está en la carpeta de videos (borrado por la retención, o movido). Su hash queda en el registro.',
      none: 'Esta estación no tiene video del pedido {{order}}.',
      stopped: 'La grabación de este video se detuvo antes: guarda lo que se escribió.',
      export: 'Exportar evidencia',
      exported: 'Evidencia guardada en {{file}} (SHA-256 del manifiesto {{sha256}}…).',
      close: 'Cerrar',
      hold: 'Guardar estos videos (una disputa): la retención nunca los borra',
    },
  },
};
