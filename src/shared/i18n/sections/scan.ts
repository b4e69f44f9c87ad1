/**
 * The scanner's sentences (GS1 and GTIN parsing, `npm run scan`), in every language side by side
 * so a translator sees them together. The catalogues take each language's half.
 *
 * Each refusal names what was wrong so the packer (or IT, at the command line) can tell a misread
 * from a bad label: the code, the GS1 field as the label prints it, "(17)", and the value.
 */
export const scanSentences = {
  en: {
    empty: 'The scan is empty: nothing was read. Scan the code again.',
    badCheckDigit:
      'The check digit of {{code}} is wrong: the code was misread or mistyped. Scan it again.',
    wrongLength: 'A {{symbology}} code has {{digits}} digits, and {{code}} does not.',
    truncated: 'GS1 field ({{ai}}) is cut short: it holds {{got}} characters and needs {{length}}.',
    tooShort:
      'GS1 field ({{ai}}) is cut short: it holds {{got}} characters and needs at least {{length}}.',
    tooLong: 'GS1 field ({{ai}}) holds {{length}} characters, more than its limit of {{max}}.',
    impossibleDate: 'GS1 field ({{ai}}) holds {{value}}, which is not a real date or time.',
    unknownAi: 'The scan holds a GS1 field Packbench does not know, starting “{{ai}}”.',
    invalidCharacter: 'GS1 field ({{ai}}) holds a character it may not hold: {{character}}.',
    duplicateAi: 'GS1 field ({{ai}}) appears twice with different values.',
  },
  'pt-BR': {
    empty: 'A leitura está vazia: nada foi lido. Leia o código de novo.',
    badCheckDigit:
      'O dígito verificador de {{code}} está errado: o código foi mal lido ou mal digitado. Leia-o de novo.',
    wrongLength: 'Um código {{symbology}} tem {{digits}} dígitos, e {{code}} não tem.',
    truncated:
      'O campo GS1 ({{ai}}) está incompleto: tem {{got}} caracteres e precisa de {{length}}.',
    tooShort:
      'O campo GS1 ({{ai}}) está incompleto: tem {{got}} caracteres e precisa de pelo menos {{length}}.',
    tooLong: 'O campo GS1 ({{ai}}) tem {{length}} caracteres, mais que o limite de {{max}}.',
    impossibleDate: 'O campo GS1 ({{ai}}) traz {{value}}, que não é uma data ou hora possível.',
    unknownAi: 'A leitura traz um campo GS1 que o Packbench não conhece, começando por “{{ai}}”.',
    invalidCharacter: 'O campo GS1 ({{ai}}) traz um caractere que não pode ter: {{character}}.',
    duplicateAi: 'O campo GS1 ({{ai}}) aparece duas vezes com valores diferentes.',
  },
  es: {
    empty: 'La lectura está vacía: no se leyó nada. Vuelva a escanear el código.',
    badCheckDigit:
      'El dígito de control de {{code}} es incorrecto: el código se leyó o se tecleó mal. Vuelva a escanearlo.',
    wrongLength: 'Un código {{symbology}} tiene {{digits}} dígitos, y {{code}} no.',
    truncated:
      'El campo GS1 ({{ai}}) está incompleto: tiene {{got}} caracteres y necesita {{length}}.',
    tooShort:
      'El campo GS1 ({{ai}}) está incompleto: tiene {{got}} caracteres y necesita al menos {{length}}.',
    tooLong: 'El campo GS1 ({{ai}}) tiene {{length}} caracteres, más que su límite de {{max}}.',
    impossibleDate: 'El campo GS1 ({{ai}}) contiene {{value}}, que no es una fecha u hora posible.',
    unknownAi:
      'La lectura contiene un campo GS1 que Packbench no conoce, que empieza por «{{ai}}».',
    invalidCharacter: 'El campo GS1 ({{ai}}) contiene un carácter que no admite: {{character}}.',
    duplicateAi: 'El campo GS1 ({{ai}}) aparece dos veces con valores distintos.',
  },
} as const;
