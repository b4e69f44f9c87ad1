/**
 * The station's updates (issue #31): what the status bar says when an update is ready, and why
 * an update was refused, in every language side by side.
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
    },
  },
} as const;
