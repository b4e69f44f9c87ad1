/**
 * Help → Save support bundle (issue #31), in every language side by side. The command line
 * (`npm run station -- support-bundle`) speaks English for IT's scripts; its sentences live
 * beside it in src/main/support/cli.ts.
 */
export const supportSentences = {
  en: {
    menu: 'Help',
    title: 'Help',
    bundleTitle: 'Support bundle',
    bundleIntro:
      'A zip for your IT department or for support: the logs, the settings, the queues and the last health checks. No API key and no password is in it.',
    preview: 'Show what it holds',
    save: 'Save support bundle',
    saved: 'Saved {{file}} ({{bytes}}).',
    files: 'Files in the bundle',
    file: 'File',
    size: 'Size',
    total: '{{count}} files, {{bytes}} before compression (at most {{cap}}).',
    trimmed: 'The oldest {{count}} log lines are left out to keep the bundle under its size.',
    close: 'Close',
  },
  'pt-BR': {
    menu: 'Ajuda',
    title: 'Ajuda',
    bundleTitle: 'Pacote de suporte',
    bundleIntro:
      'Um zip para o seu departamento de TI ou para o suporte: os logs, as configurações, as filas e as últimas verificações de saúde. Nenhuma chave de API e nenhuma senha estão nele.',
    preview: 'Mostrar o que ele contém',
    save: 'Salvar pacote de suporte',
    saved: '{{file}} salvo ({{bytes}}).',
    files: 'Arquivos do pacote',
    file: 'Arquivo',
    size: 'Tamanho',
    total: '{{count}} arquivos, {{bytes}} antes da compressão (no máximo {{cap}}).',
    trimmed:
      'As {{count}} linhas de log mais antigas ficaram de fora para manter o pacote dentro do seu tamanho.',
    close: 'Fechar',
  },
  es: {
    menu: 'Ayuda',
    title: 'Ayuda',
    bundleTitle: 'Paquete de soporte',
    bundleIntro:
      'Un zip para su departamento de TI o para soporte: los registros, la configuración, las colas y las últimas comprobaciones de estado. No contiene ninguna clave de API ni ninguna contraseña.',
    preview: 'Mostrar lo que contiene',
    save: 'Guardar paquete de soporte',
    saved: 'Se guardó {{file}} ({{bytes}}).',
    files: 'Archivos del paquete',
    file: 'Archivo',
    size: 'Tamaño',
    total: '{{count}} archivos, {{bytes}} antes de la compresión (como máximo {{cap}}).',
    trimmed:
      'Las {{count}} líneas de registro más antiguas se dejaron fuera para mantener el paquete dentro de su tamaño.',
    close: 'Cerrar',
  },
};
