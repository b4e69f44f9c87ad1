import type { Order } from '../../shared/api/schemas.ts';
import type { PaperSize } from '../../shared/documents.ts';
import type { CatalogueLanguage } from '../../shared/i18n/translate.ts';
import type { DocumentFonts } from '../documents/fonts.ts';
import { renderPackingSlip } from '../documents/slip-pdf.ts';
import { renderTestPage } from '../documents/test-page.ts';
import type { PackRecordJson } from '../pack/pack-export.ts';
import type { PaperFile } from '../paperwork/paperwork.ts';

/** A file name that survives every shell and file system: the order's id, tamed. */
const safe = (text: string) => text.replace(/[^\w.-]+/g, '_').slice(0, 80);

/** The packing slip of an order as the station prints it, with its pack's lots when packed. */
export async function makeSlip(input: {
  order: Order;
  products: Record<string, string>;
  pack: PackRecordJson | null;
  language: CatalogueLanguage;
  paper: PaperSize;
  station: string;
  packer: string;
  at: number;
  fonts: DocumentFonts;
}): Promise<PaperFile> {
  const { bytes } = await renderPackingSlip(
    {
      order: input.order,
      productNames: new Map(Object.entries(input.products)),
      ...(input.pack ? { pack: input.pack } : {}),
    },
    {
      at: input.at,
      station: input.station,
      packer: input.packer,
      lang: input.language,
      paper: input.paper,
      fonts: input.fonts,
    },
  );
  return { bytes, fileName: `packing-slip-${safe(input.order.id)}.pdf` };
}

/** The document printer's test page for the queue it goes to. */
export async function makeTestPage(input: {
  queue: string;
  language: CatalogueLanguage;
  paper: PaperSize;
  station: string;
  at: number;
  fonts: DocumentFonts;
}): Promise<PaperFile> {
  const { bytes } = await renderTestPage({
    station: input.station,
    queue: input.queue,
    at: input.at,
    lang: input.language,
    paper: input.paper,
    fonts: input.fonts,
  });
  return { bytes, fileName: 'test-page.pdf' };
}
