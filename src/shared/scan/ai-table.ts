// The GS1 Application Identifiers we read, in the notation of the GS1 Barcode Syntax Dictionary
// (the machine-readable form of the General Specifications' AI table): a component is N
// (digits) or X (CSET 82), "N14" exactly 14, "X..20" 1 to 20, "[N6]" optional; after a comma,
// the check it must pass (csum: mod-10 check digit; yymmd0: a date whose day may be 00; yymmdd:
// a real date; yymmddhh: date and hour; hhmm; mmoptss: optional minutes and seconds). A leading
// "*" marks the predefined-length AIs, which need no separator after them; every other AI runs
// to the next group separator or the end.
//
// A table rather than a library's switch: lengths, character sets and checks are data here,
// one line per AI, so a reviewer can hold each against the specification.

export type Check = 'csum' | 'yymmd0' | 'yymmdd' | 'yymmddhh' | 'hhmm' | 'mmoptss';
const CHECKS: readonly string[] = ['csum', 'yymmd0', 'yymmdd', 'yymmddhh', 'hhmm', 'mmoptss'];

export interface Component {
  cset: 'N' | 'X';
  min: number;
  max: number;
  /** "N..4": up to max characters (always the last component); "N6", "[N6]": exactly max. */
  variable: boolean;
  checks: Check[];
}

export interface AiDefinition {
  ai: string;
  /** Needs no separator after it (the specification's predefined-length table). */
  predefined: boolean;
  components: Component[];
  minLength: number;
  maxLength: number;
}

const SPECS: readonly (readonly [string, string])[] = [
  ['00', '* N18,csum'], // SSCC
  ['01', '* N14,csum'], // GTIN
  ['02', '* N14,csum'], // CONTENT
  ['10', 'X..20'], // BATCH/LOT
  ['11', '* N6,yymmd0'], // PROD DATE
  ['12', '* N6,yymmd0'], // DUE DATE
  ['13', '* N6,yymmd0'], // PACK DATE
  ['15', '* N6,yymmd0'], // BEST BEFORE
  ['16', '* N6,yymmd0'], // SELL BY
  ['17', '* N6,yymmd0'], // USE BY or EXPIRY
  ['20', '* N2'], // VARIANT
  ['21', 'X..20'], // SERIAL
  ['22', 'X..20'], // CPV
  ['235', 'X..28'], // TPX
  ['240', 'X..30'], // ADDITIONAL ID
  ['241', 'X..30'], // CUST. PART No.
  ['242', 'N..6'], // MTO VARIANT
  ['243', 'X..20'], // PCN
  ['250', 'X..30'], // SECONDARY SERIAL
  ['251', 'X..30'], // REF. TO SOURCE
  ['253', 'N13,csum [X..17]'], // GDTI
  ['254', 'X..20'], // GLN EXTENSION COMPONENT
  ['255', 'N13,csum [N..12]'], // GCN
  ['30', 'N..8'], // VAR. COUNT
  // 31nn–36nn (measures) are added below: every family takes n = 0–5 decimals.
  ['37', 'N..8'], // COUNT
  ['3900-3909', 'N..15'], // AMOUNT
  ['3910-3919', 'N3 N..15'], // AMOUNT (ISO currency)
  ['3920-3929', 'N..15'], // PRICE
  ['3930-3939', 'N3 N..15'], // PRICE (ISO currency)
  ['3940-3943', 'N4'], // PRCNT OFF
  ['3950-3955', 'N6'], // PRICE/UoM
  ['400', 'X..30'], // ORDER NUMBER
  ['401', 'X..30'], // GINC
  ['402', 'N17,csum'], // GSIN
  ['403', 'X..30'], // ROUTE
  ['410-417', '* N13,csum'], // GLNs: SHIP TO LOC … PARTY
  ['420', 'X..20'], // SHIP TO POST
  ['421', 'N3 X..9'], // SHIP TO POST (ISO country)
  ['422', 'N3'], // ORIGIN
  ['423', 'N..15'], // COUNTRY - INITIAL PROCESS
  ['424', 'N3'], // COUNTRY - PROCESS
  ['425', 'N..15'], // COUNTRY - DISASSEMBLY
  ['426', 'N3'], // COUNTRY - FULL PROCESS
  ['427', 'X..3'], // ORIGIN SUBDIVISION
  ['7001', 'N13'], // NSN
  ['7002', 'X..30'], // MEAT CUT
  ['7003', 'N6,yymmdd N4,hhmm'], // EXPIRY TIME
  ['7004', 'N..4'], // ACTIVE POTENCY
  ['7005', 'X..12'], // CATCH AREA
  ['7006', 'N6,yymmdd'], // FIRST FREEZE DATE
  ['7007', 'N6,yymmdd [N6],yymmdd'], // HARVEST DATE
  ['7008', 'X..3'], // AQUATIC SPECIES
  ['7009', 'X..10'], // FISHING GEAR TYPE
  ['7010', 'X..2'], // PROD METHOD
  ['7011', 'N6,yymmdd [N4],hhmm'], // TEST BY DATE
  ['710-715', 'X..20'], // NHRN PZN, CIP, CN, DRN, AIM, NDC
  ['8002', 'X..20'], // CMT No.
  ['8003', 'N1 N13,csum [X..16]'], // GRAI
  ['8004', 'X..30'], // GIAI
  ['8005', 'N6'], // PRICE PER UNIT
  ['8006', 'N14,csum N4'], // ITIP
  ['8007', 'X..34'], // IBAN
  ['8008', 'N8,yymmddhh [N..4],mmoptss'], // PROD TIME
  ['8009', 'X..50'], // OPTSEN
  ['8011', 'N..12'], // CPID SERIAL
  ['8012', 'X..20'], // VERSION
  ['8013', 'X..25'], // GMN
  ['8017', 'N18,csum'], // GSRN - PROVIDER
  ['8018', 'N18,csum'], // GSRN - RECIPIENT
  ['8019', 'N..10'], // SRIN
  ['8020', 'X..25'], // REF No.
  ['8026', 'N14,csum N4'], // ITIP CONTENT
  ['8200', 'X..70'], // PRODUCT URL
  ['90', 'X..30'], // INTERNAL
  ['91-99', 'X..90'], // INTERNAL
];

/** The measure families 31nn–36nn (net weight kg 310n, lb 320n, lengths, areas, volumes). */
const MEASURE_FAMILIES = [
  ...range(310, 316),
  ...range(320, 337),
  ...range(340, 357),
  ...range(360, 369),
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function component(text: string): Component {
  const m = /^(\[?)([NX])(\.\.)?(\d+)\]?((?:,\w+)*)$/.exec(text);
  if (!m) throw new Error(`Bad AI format component: ${text}`);
  const [, optional, cset, variable, length] = m;
  const max = Number(length);
  return {
    cset: cset as 'N' | 'X',
    min: optional ? 0 : variable ? 1 : max,
    max,
    variable: Boolean(variable),
    checks: (m[5] ?? '').split(',').filter((c): c is Check => CHECKS.includes(c)),
  };
}

function definitions(): Map<string, AiDefinition> {
  const table = new Map<string, AiDefinition>();
  const add = (ais: string, spec: string) => {
    const predefined = spec.startsWith('* ');
    const components = spec.replace(/^\* /, '').split(' ').map(component);
    const minLength = components.reduce((sum, c) => sum + c.min, 0);
    const maxLength = components.reduce((sum, c) => sum + c.max, 0);
    const [first, last = first] = ais.split('-') as [string, string?];
    for (let n = Number(first); n <= Number(last); n++) {
      const ai = String(n).padStart(first.length, '0');
      table.set(ai, { ai, predefined, components, minLength, maxLength });
    }
  };
  for (const [ais, spec] of SPECS) add(ais, spec);
  for (const family of MEASURE_FAMILIES) add(`${family}0-${family}5`, '* N6');
  return table;
}

export const AI_TABLE: ReadonlyMap<string, AiDefinition> = definitions();

/**
 * The AI at `text[at…]`, if we know it. GS1 AIs are prefix-free (the first two digits fix the
 * AI's length), so at most one of the 2-, 3- and 4-character candidates is in the table.
 */
export function aiAt(text: string, at = 0): AiDefinition | undefined {
  for (const length of [2, 3, 4]) {
    const found = AI_TABLE.get(text.slice(at, at + length));
    if (found) return found;
  }
  return undefined;
}
