import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabels } from './use-labels.ts';
import { paintPicture, SHOWN_HEIGHT_PX, type LabelPicture } from './label-picture.ts';

const PREVIEWS_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
  gap: 'var(--mantine-spacing-md)',
} as const;

/**
 * The Preview button and the pictures it brings. A part of its own so that a preview's answer
 * re-renders only this, not the text box and stock controls around it (about 10 ms a click).
 */
export function LabelPreviews() {
  const { t } = useTranslation();
  const s = useLabels((state) => ({
    blank: !state.text.trim(),
    images: state.images,
    preview: state.preview,
    previewError: state.previewError,
    previewing: state.previewing,
    prepare: state.prepare,
    prefetch: state.prefetch,
  }));
  // The worker starts with the screen, not with the first click: loading the engine and its
  // fonts took 250-500 ms of that first preview.
  const prepare = s.prepare;
  useEffect(() => prepare(), [prepare]);
  return (
    <>
      <Group>
        <Button
          size="md"
          // The label is drawn as the operator comes to the button; the click only shows it.
          onPointerEnter={s.prefetch}
          onFocus={s.prefetch}
          onPointerDown={s.prefetch}
          onClick={() => void s.preview()}
          disabled={s.blank || s.previewing}
        >
          {t('labels.preview')}
        </Button>
        {s.previewing && <Loader size="sm" />}
      </Group>
      {s.previewError && <Alert color="red">{s.previewError}</Alert>}
      {s.images.length > 0 && (
        <>
          <Text>{t('labels.count', { count: s.images.length })}</Text>
          {/* A plain CSS grid: Mantine's SimpleGrid adds a <style> of media queries each time
              it mounts, and the whole page's styles were worked out again before the picture
              could show. Two columns when two labels of about 420 px fit, else one. */}
          <div data-testid="previews" style={PREVIEWS_GRID}>
            {s.images.map((picture, i) => (
              <PictureCanvas key={i} picture={picture} alt={t('labels.previewAlt', { n: i + 1 })} />
            ))}
          </div>
        </>
      )}
    </>
  );
}

/**
 * One label on a canvas the size of its picture (already about the size it is shown at).
 * Painted in a layout effect, so the frame that shows the canvas already shows the label.
 */
const PictureCanvas = memo(function PictureCanvas(props: { picture: LabelPicture; alt: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    if (canvas.current) paintPicture(canvas.current, props.picture);
  }, [props.picture]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={props.alt}
      width={props.picture.width}
      height={props.picture.height}
      style={{
        display: 'block',
        width: 'auto',
        height: 'auto',
        maxWidth: '100%',
        maxHeight: SHOWN_HEIGHT_PX,
        justifySelf: 'center',
        border: '1px solid var(--mantine-color-gray-4)',
      }}
    />
  );
});
