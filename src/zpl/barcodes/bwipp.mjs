// The BWIPP encoders the engine calls, and nothing else of BWIPP (see bwip.ts for why). bwip-js
// publishes this file only through its full export (./generic), whose raw() can look any
// symbology up by name and so keeps all 100-odd encoders in every bundle; this path names the
// 12 we use, so bundlers leave the rest out (the label worker: 250 kB of BWIPP gzipped, 72
// with these and QR, whose encoder is now our own). A relative path, because the package's export map lists no subpath for it.
export {
  bwipp_azteccode,
  bwipp_aztecrune,
  bwipp_code128,
  bwipp_code39,
  bwipp_code93,
  bwipp_datamatrix,
  bwipp_ean13,
  bwipp_ean8,
  bwipp_encode,
  bwipp_interleaved2of5,
  bwipp_maxicode,
  bwipp_pdf417,
  bwipp_upca,
} from '../../../node_modules/bwip-js/dist/bwipp.mjs';
