// pdf.js's worker module, imported by load-pdfjs.ts so pdf.js runs its worker on Node's main
// thread without a file beside it (pdfjs-dist ships no types for it).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
