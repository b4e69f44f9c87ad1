/**
 * The scales' sentences (issue #29): what a scale reports, why one cannot be read, and what
 * `npm run scale` says about its input, in every language side by side. The command line speaks
 * English (IT scripts parse it); the station speaks the packer's language.
 */
export const scaleSentences = {
  en: {
    status: {
      stable: 'Stable',
      motion: 'In motion: wait for the scale to settle.',
      zero: 'At zero',
      'under-zero': 'Below zero: lift everything off the scale and zero it.',
      'over-capacity': 'Over capacity: the load is heavier than the scale can weigh.',
      fault: 'The scale reports a fault.',
    },
    fault: {
      device: 'The scale reports a fault.',
      calibration: 'The scale needs calibrating before it can weigh.',
      rezero: 'The scale needs re-zeroing: lift everything off and zero it.',
      memory: 'The scale reports a memory error: restart it, and call its service if it stays.',
      unit: 'The scale weighs in a unit Packbench cannot show: set it to g, kg, oz or lb.',
      refused: 'The scale refused the request (an error reply): check its protocol setting.',
      unknown: 'The scale reports a condition Packbench does not know.',
    },
    errors: {
      'bad-device':
        'Name the scale as serial:PATH (for example serial:/dev/ttyUSB0) or hid:VID:PID[:SERIAL] with hexadecimal ids, not “{{device}}”.',
      'bad-option': '{{detail}}',
      'no-device': 'There is no scale at {{device}}: check the cable and the name.',
      'open-failed': 'The scale at {{device}} could not be opened: {{reason}}.',
      'no-answer':
        'The scale at {{device}} did not answer within {{ms}} ms: check that it is on, its cable, and its protocol and port settings.',
      unplugged: 'The scale at {{device}} went away (unplugged or switched off).',
    },
  },
  'pt-BR': {
    status: {
      stable: 'Estável',
      motion: 'Em movimento: espere a balança estabilizar.',
      zero: 'Em zero',
      'under-zero': 'Abaixo de zero: tire tudo de cima da balança e zere-a.',
      'over-capacity': 'Acima da capacidade: a carga pesa mais do que a balança consegue pesar.',
      fault: 'A balança informa uma falha.',
    },
    fault: {
      device: 'A balança informa uma falha.',
      calibration: 'A balança precisa ser calibrada antes de pesar.',
      rezero: 'A balança precisa ser zerada: tire tudo de cima e zere-a.',
      memory:
        'A balança informa um erro de memória: reinicie-a e chame a assistência se continuar.',
      unit: 'A balança pesa numa unidade que o Packbench não mostra: ajuste-a para g, kg, oz ou lb.',
      refused:
        'A balança recusou o pedido (resposta de erro): confira a configuração do protocolo.',
      unknown: 'A balança informa uma condição que o Packbench não conhece.',
    },
    errors: {
      'bad-device':
        'Indique a balança como serial:CAMINHO (por exemplo serial:/dev/ttyUSB0) ou hid:VID:PID[:SÉRIE] com ids hexadecimais, não “{{device}}”.',
      'bad-option': '{{detail}}',
      'no-device': 'Não há balança em {{device}}: confira o cabo e o nome.',
      'open-failed': 'Não foi possível abrir a balança em {{device}}: {{reason}}.',
      'no-answer':
        'A balança em {{device}} não respondeu em {{ms}} ms: confira se está ligada, o cabo, o protocolo e a configuração da porta.',
      unplugged: 'A balança em {{device}} sumiu (desconectada ou desligada).',
    },
  },
  es: {
    status: {
      stable: 'Estable',
      motion: 'En movimiento: espere a que la báscula se estabilice.',
      zero: 'En cero',
      'under-zero': 'Bajo cero: retire todo de la báscula y póngala a cero.',
      'over-capacity': 'Sobre la capacidad: la carga pesa más de lo que la báscula puede pesar.',
      fault: 'La báscula informa una falla.',
    },
    fault: {
      device: 'La báscula informa una falla.',
      calibration: 'La báscula necesita calibrarse antes de pesar.',
      rezero: 'La báscula necesita ponerse a cero: retire todo y póngala a cero.',
      memory:
        'La báscula informa un error de memoria: reiníciela y llame al servicio técnico si sigue.',
      unit: 'La báscula pesa en una unidad que Packbench no muestra: póngala en g, kg, oz o lb.',
      refused:
        'La báscula rechazó la petición (respuesta de error): revise la configuración del protocolo.',
      unknown: 'La báscula informa una condición que Packbench no conoce.',
    },
    errors: {
      'bad-device':
        'Indique la báscula como serial:RUTA (por ejemplo serial:/dev/ttyUSB0) o hid:VID:PID[:SERIE] con ids hexadecimales, no “{{device}}”.',
      'bad-option': '{{detail}}',
      'no-device': 'No hay báscula en {{device}}: revise el cable y el nombre.',
      'open-failed': 'No se pudo abrir la báscula en {{device}}: {{reason}}.',
      'no-answer':
        'La báscula en {{device}} no respondió en {{ms}} ms: compruebe que esté encendida, el cable, el protocolo y la configuración del puerto.',
      unplugged: 'La báscula en {{device}} desapareció (desconectada o apagada).',
    },
  },
} as const;
