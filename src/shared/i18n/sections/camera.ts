/**
 * The pack camera (issue #41): the order card's live view and what it says when the camera
 * cannot record, the words burned into every frame, and Settings → Camera, in every language.
 */
export const cameraSentences = {
  en: {
    settings: {
      title: 'Camera',
      intro:
        'A camera over the bench records every pack by itself, from the order opened to a few seconds after the finish, with the order, the time and each scan burned into the picture. Clips stay in the data folder.',
      enabled: 'Record every pack',
      device: 'Camera',
      defaultDevice: "The system's default camera",
      resolution: 'Resolution',
      fps: 'Frames per second',
      audio: 'Record sound too',
      tail: 'Seconds recorded after the finish',
      keepDays: 'Keep clips for (days)',
      maxGigabytes: 'Clips may take at most (GB)',
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
      order: 'Order {{order}}',
      lastScan: 'Last scan {{code}}: {{verdict}}',
      noScan: 'No scan yet',
    },
  },
  'pt-BR': {
    settings: {
      title: 'Câmera',
      intro:
        'Uma câmera sobre a bancada grava cada pacote sozinha, do pedido aberto até alguns segundos depois do fim, com o pedido, a hora e cada leitura gravados na imagem. Os vídeos ficam na pasta de dados.',
      enabled: 'Gravar cada pacote',
      device: 'Câmera',
      defaultDevice: 'A câmera padrão do sistema',
      resolution: 'Resolução',
      fps: 'Quadros por segundo',
      audio: 'Gravar o som também',
      tail: 'Segundos gravados depois do fim',
      keepDays: 'Guardar os vídeos por (dias)',
      maxGigabytes: 'Os vídeos podem ocupar no máximo (GB)',
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
      order: 'Pedido {{order}}',
      lastScan: 'Última leitura {{code}}: {{verdict}}',
      noScan: 'Nenhuma leitura ainda',
    },
  },
  es: {
    settings: {
      title: 'Cámara',
      intro:
        'Una cámara sobre el banco graba cada empaque por sí sola, desde el pedido abierto hasta unos segundos después del final, con el pedido, la hora y cada lectura grabados en la imagen. Los videos quedan en la carpeta de datos.',
      enabled: 'Grabar cada empaque',
      device: 'Cámara',
      defaultDevice: 'La cámara predeterminada del sistema',
      resolution: 'Resolución',
      fps: 'Cuadros por segundo',
      audio: 'Grabar también el sonido',
      tail: 'Segundos grabados después del final',
      keepDays: 'Guardar los videos durante (días)',
      maxGigabytes: 'Los videos pueden ocupar como máximo (GB)',
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
      order: 'Pedido {{order}}',
      lastScan: 'Última lectura {{code}}: {{verdict}}',
      noScan: 'Ninguna lectura aún',
    },
  },
};
