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
    },
  },
};
