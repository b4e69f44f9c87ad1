// A bar code command's parameters (^BC, ^B3, ^BQ…, as the guide orders them) read into the
// encoders' options, and the encoder called with the field's data: the one table of which
// parameter means what. The interpreter places and draws the layout this gives.
import * as bc from '../barcodes/index.ts';
import { int, yesNo } from './numbers.ts';

export function barcodeLayout(
  name: string,
  p: string[],
  data: string,
  ctx: bc.BarcodeContext,
): bc.BarcodeLayout {
  const height = int(p[1]);
  const common = {
    ...(height !== undefined ? { height } : {}),
    ...(yesNo(p[2]) !== undefined ? { line: yesNo(p[2]) } : {}),
    ...(yesNo(p[3]) !== undefined ? { lineAbove: yesNo(p[3]) } : {}),
  };
  switch (name) {
    case 'BC': {
      const mode = (p[5] ?? '').trim().toUpperCase();
      return bc.code128(
        data,
        {
          ...common,
          ...(yesNo(p[4]) !== undefined ? { uccCheckDigit: yesNo(p[4]) } : {}),
          ...(mode === 'N' || mode === 'U' || mode === 'A' || mode === 'D' ? { mode } : {}),
        },
        ctx,
      );
    }
    case 'B3': {
      // ^B3o,e,h,f,g: the check digit comes before the height.
      const h = int(p[2]);
      return bc.code39(
        data,
        {
          ...(yesNo(p[1]) !== undefined ? { checkDigit: yesNo(p[1]) } : {}),
          ...(h !== undefined ? { height: h } : {}),
          ...(yesNo(p[3]) !== undefined ? { line: yesNo(p[3]) } : {}),
          ...(yesNo(p[4]) !== undefined ? { lineAbove: yesNo(p[4]) } : {}),
        },
        ctx,
      );
    }
    case 'BA':
      return bc.code93(
        data,
        { ...common, ...(yesNo(p[4]) !== undefined ? { checkDigit: yesNo(p[4]) } : {}) },
        ctx,
      );
    case 'B2':
      return bc.interleaved2of5(
        data,
        { ...common, ...(yesNo(p[4]) !== undefined ? { checkDigit: yesNo(p[4]) } : {}) },
        ctx,
      );
    case 'BE':
      return bc.ean13(data, common, ctx);
    case 'B8':
      return bc.ean8(data, common, ctx);
    case 'BU':
    case 'B9':
      return (name === 'BU' ? bc.upcA : bc.upcE)(
        data,
        { ...common, ...(yesNo(p[4]) !== undefined ? { checkDigit: yesNo(p[4]) } : {}) },
        ctx,
      );
    case 'BQ': {
      const model = int(p[1]);
      const magnification = int(p[2]);
      const level = (p[3] ?? '').trim().toUpperCase();
      const mask = int(p[4]);
      return bc.qrCode(
        data,
        {
          ...(model !== undefined ? { model } : {}),
          ...(magnification !== undefined ? { magnification } : {}),
          ...(level ? { errorCorrection: level } : {}),
          ...(mask !== undefined ? { mask } : {}),
        },
        ctx,
      );
    }
    case 'BX': {
      const [moduleSize, quality, columns, rows, formatId] = [1, 2, 3, 4, 5].map((i) => int(p[i]));
      const escape = p[6]?.charAt(0);
      const aspect = int(p[7]);
      return bc.dataMatrix(
        data,
        {
          ...(moduleSize !== undefined ? { moduleSize } : {}),
          ...(quality !== undefined ? { quality } : {}),
          ...(columns !== undefined ? { columns } : {}),
          ...(rows !== undefined ? { rows } : {}),
          ...(formatId !== undefined ? { formatId } : {}),
          ...(escape ? { escape } : {}),
          ...(aspect !== undefined ? { aspect } : {}),
        },
        ctx,
      );
    }
    case 'B7': {
      const [rowHeight, security, columns, rows] = [1, 2, 3, 4].map((i) => int(p[i]));
      return bc.pdf417(
        data,
        {
          ...(rowHeight !== undefined ? { rowHeight } : {}),
          ...(security !== undefined ? { security } : {}),
          ...(columns !== undefined ? { columns } : {}),
          ...(rows !== undefined ? { rows } : {}),
          ...(yesNo(p[5]) !== undefined ? { truncate: yesNo(p[5]) } : {}),
        },
        ctx,
      );
    }
    case 'BO': {
      const magnification = int(p[1]);
      const size = int(p[3]);
      const symbols = int(p[5]);
      const id = p[6]?.trim();
      return bc.aztec(
        data,
        {
          ...(magnification !== undefined ? { magnification } : {}),
          ...(yesNo(p[2]) !== undefined ? { eci: yesNo(p[2]) } : {}),
          ...(size !== undefined ? { size } : {}),
          ...(yesNo(p[4]) !== undefined ? { menu: yesNo(p[4]) } : {}),
          ...(symbols !== undefined ? { symbols } : {}),
          ...(id ? { id } : {}),
        },
        ctx,
      );
    }
    case 'BD': {
      const [mode, symbol, total] = [0, 1, 2].map((i) => int(p[i]));
      return bc.maxicode(
        data,
        {
          ...(mode !== undefined ? { mode } : {}),
          ...(symbol !== undefined ? { symbol } : {}),
          ...(total !== undefined ? { total } : {}),
        },
        ctx,
      );
    }
    default:
      return bc.emptyLayout([`^${name} is not a bar code this engine draws`]);
  }
}
