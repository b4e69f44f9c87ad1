import { Image, Skeleton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { BulkPreview } from '@shared/ipc/bulk-types.ts';
import type { Result } from '@shared/result.ts';
import { renderThumbnail } from '@renderer/ui/files/pdf-thumbnail.ts';

const WIDTH = 72;

/** A picture's address: a label's PNG as a blob, an invoice's first page drawn by pdf.js. */
async function pictureOf(preview: BulkPreview): Promise<{ url: string; blob: boolean }> {
  if (preview.kind === 'invoice')
    return { url: await renderThumbnail(preview.bytes, WIDTH * 2), blob: false };
  const png = new Blob([preview.bytes.slice()], { type: 'image/png' });
  return { url: URL.createObjectURL(png), blob: true };
}

/**
 * A row's thumbnail, asked of main only once the row scrolls into view: a board of a thousand
 * rows draws the few on screen, not all of them.
 */
export function RowThumbnail({
  seq,
  alt,
  load,
}: {
  seq: number;
  alt: string;
  load: (seq: number) => Promise<Result<BulkPreview | null>>;
}) {
  const holder = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (a test's DOM) every row is drawn at once.
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const [url, setUrl] = useState<string | null>(null);
  const [none, setNone] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    let gone = false;
    let made: { url: string; blob: boolean } | null = null;
    void load(seq)
      .then(async (result) => {
        if (!result.ok || !result.value) return setNone(true);
        made = await pictureOf(result.value);
        if (gone) {
          if (made.blob) URL.revokeObjectURL(made.url);
        } else setUrl(made.url);
      })
      .catch(() => setNone(true));
    return () => {
      gone = true;
      if (made?.blob) URL.revokeObjectURL(made.url);
    };
  }, [visible, seq, load]);

  return (
    <div ref={holder} style={{ width: WIDTH }} data-testid="bulk-thumbnail">
      {url ? (
        <Image
          src={url}
          alt={alt}
          w={WIDTH}
          fit="contain"
          style={{ border: '1px solid var(--mantine-color-gray-4)' }}
        />
      ) : none ? null : (
        <Skeleton w={WIDTH} h={WIDTH * 1.5} />
      )}
    </div>
  );
}
