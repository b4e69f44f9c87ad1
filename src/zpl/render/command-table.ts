// Which commands the engine knows. Printer settings that draw nothing are accepted without a
// word; a command in neither list is skipped with a warning naming it, its line and column,
// and the rest of the label still renders (zebrash's command table served as a checklist).

/** Printer and media settings: they change the printer, never the picture. */
export const SETTINGS_ONLY: ReadonlySet<string> = new Set([
  'PQ', // print quantity
  'MM', // print mode (tear-off, peel-off, cutter…)
  'MN', // media tracking
  'MT', // media type (thermal / transfer)
  'MD', // darkness
  'PR', // print speed
  'SD', // ~SD darkness
  'JU', // save / reload configuration
  'PM', // mirror image (a setting of the printer, previews show the label as designed)
  'JS', // backfeed sequence
  'JZ', // reprint after error
  'MF', // media feed on power-up
  'ML', // maximum label length
  'SS', // set media sensors
  'PF', // slew given number of dot rows
  'PH', // ~PH slew to home
  'PP', // ~PP programmable pause
  'TA', // ~TA tear-off adjust
  'JA', // ~JA cancel all
  'JB', // ~JB reset battery
  'HS', // ~HS host status (asks, draws nothing)
  'HI', // ~HI host identification
  'HH', // ^HH configuration label to host
  'HM', // ~HM host RAM status
  'WC', // ~WC configuration label
  'JR', // ~JR power-on reset
  'CN', // ^CN cut now
  'KL', // ^KL language
  'KD', // ^KD date and time display format
  'SL', // ^SL real-time clock mode
  'ST', // ^ST set date and time
  'SZ', // ^SZ ZPL mode
  'XB', // ^XB suppress backfeed
  'PA', // ^PA advanced text properties (shaping only)
  'LF', // ^LF list font links
  'MW', // ^MW modify head-cold warning
  'MC', // ^MC map clear (keeps the last label's image for the next; a preview draws each anew)
  'JM', // ^JM dots per millimetre (B halves the density; Labelary ignores it, and so does this)
  'CV', // ^CV code validation (checks the bar code's data; the symbol prints the same)
  'JO', // ~JO head test interval
  'JT', // ^JT head test interval
  'ID', // ^ID object delete (memory housekeeping)
  'DN', // ~DN abort download graphic
]);

/** Everything the interpreter draws or tracks (see interpret.ts). */
export const DRAWING: ReadonlySet<string> = new Set([
  'MU',
  'XA',
  'XZ',
  'FO',
  'FT',
  'FS',
  'FD',
  'FV',
  'FH',
  'FR',
  'FX',
  'LH',
  'LT',
  'LS',
  'LR',
  'PO',
  'PW',
  'LL',
  'CF',
  'FW',
  'CI',
  'CC',
  'CT',
  'CD',
  'DF',
  'XF',
  'FN',
  'DG',
  'XG',
  'IL',
  'IM',
  'A',
  'A@',
  'FB',
  'TB',
  'GB',
  'GC',
  'GD',
  'GE',
  'GF',
  'BY',
  'BC',
  'B3',
  'BA',
  'B2',
  'BE',
  'B8',
  'BU',
  'B9',
  'BQ',
  'BX',
  'B7',
  'BO',
  'BD',
]);
