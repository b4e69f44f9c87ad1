// pdfkit decodes a PNG only when a page draws one (doc.image), which Packbench never does.
module.exports = function PNG() {
  throw new Error('Packbench draws no PNG images on its papers (png-js is not installed).');
};
