// BWIPP's Code 128 encoder and nothing else of it: bwip-js publishes dist/bwipp.mjs through no
// export but its full one (./generic), which keeps all 100-odd encoders in a bundle. Naming the
// one the slip uses lets the main bundle drop the rest. A relative path, because the package's
// export map lists no subpath for it (src/zpl/barcodes/bwipp.mjs does the same for the labels).
export { bwipp_code128, bwipp_encode } from '../../../node_modules/bwip-js/dist/bwipp.mjs';
