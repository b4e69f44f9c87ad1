/**
 * The machine policy's sentences (issue #31): what a locked setting says, and why a station
 * with a broken policy will not start, in every language side by side.
 */
export const policySentences = {
  en: {
    locked: 'Set by your IT department ({{file}}): it cannot be changed at the station.',
    banner: 'Set by your IT department',
    bannerFile: 'These settings come from {{file}}.',
    startup:
      'The IT policy {{file}} is not valid, so Packbench will not start. Line {{line}}, column {{column}}{{where}}: {{rule}}. Ask your IT department to correct the file (npm run -s station -- policy check FILE lists every error).',
  },
  'pt-BR': {
    locked: 'Definido pelo seu departamento de TI ({{file}}): não pode ser alterado na estação.',
    banner: 'Definido pelo seu departamento de TI',
    bannerFile: 'Estas configurações vêm de {{file}}.',
    startup:
      'A política de TI {{file}} não é válida, por isso o Packbench não vai iniciar. Linha {{line}}, coluna {{column}}{{where}}: {{rule}}. Peça ao seu departamento de TI que corrija o arquivo (npm run -s station -- policy check ARQUIVO lista todos os erros).',
  },
  es: {
    locked: 'Definido por su departamento de TI ({{file}}): no se puede cambiar en la estación.',
    banner: 'Definido por su departamento de TI',
    bannerFile: 'Estos ajustes vienen de {{file}}.',
    startup:
      'La política de TI {{file}} no es válida, así que Packbench no se iniciará. Línea {{line}}, columna {{column}}{{where}}: {{rule}}. Pida a su departamento de TI que corrija el archivo (npm run -s station -- policy check ARCHIVO lista todos los errores).',
  },
} as const;
