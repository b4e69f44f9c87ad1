import { Paper, Text } from '@mantine/core';
import { useRef, useState } from 'react';

export interface DroppedFile {
  name: string;
  bytes: Uint8Array;
}

/** The files of a drop or a picker, read whole: names and bytes, as main is sent them. */
export const readDroppedFiles = (files: FileList | File[]): Promise<DroppedFile[]> =>
  Promise.all(
    [...files].map(async (file) => ({
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );

/**
 * A large dashed target for files dragged from the file manager. It is also a button: a click,
 * Enter or Space opens the system's file picker, so a keyboard alone can attach a file.
 */
export function FileDropZone({
  label,
  testId,
  onFiles,
  accept,
  compact = false,
}: {
  label: string;
  testId: string;
  onFiles: (files: DroppedFile[]) => void;
  /** File types the picker offers first, e.g. `.pdf,.zpl`; the file check still decides. */
  accept?: string;
  compact?: boolean;
}) {
  const [over, setOver] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // The input sits beside the target, not inside it: its own click must not bubble back into
  // the target's click and open the picker twice.
  return (
    <>
      <Paper
        withBorder
        p={compact ? 'md' : 'xl'}
        data-testid={testId}
        role="button"
        tabIndex={0}
        aria-label={label}
        style={{
          borderStyle: 'dashed',
          borderWidth: 3,
          borderColor: over ? 'var(--mantine-color-blue-6)' : undefined,
          textAlign: 'center',
          cursor: 'pointer',
        }}
        onClick={() => picker.current?.click()}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          picker.current?.click();
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          // Taken here: a screen that takes drops anywhere (the Station) must not take it again.
          e.stopPropagation();
          setOver(false);
          void readDroppedFiles(e.dataTransfer.files).then(onFiles);
        }}
      >
        <Text size="lg">{label}</Text>
      </Paper>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-hidden
        {...(accept ? { accept } : {})}
        data-testid={`${testId}-picker`}
        onChange={(e) => {
          const input = e.currentTarget;
          if (!input.files?.length) return;
          void readDroppedFiles(input.files).then((files) => {
            // The same file may be picked again after it was corrected.
            input.value = '';
            onFiles(files);
          });
        }}
      />
    </>
  );
}
