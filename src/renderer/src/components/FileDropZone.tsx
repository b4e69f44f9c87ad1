import { Paper, Text } from '@mantine/core';
import { useState } from 'react';

export interface DroppedFile {
  name: string;
  bytes: Uint8Array;
}

/** A large dashed target for files dragged from the file manager; it hands over their bytes. */
export function FileDropZone({
  label,
  testId,
  onFiles,
}: {
  label: string;
  testId: string;
  onFiles: (files: DroppedFile[]) => void;
}) {
  const [over, setOver] = useState(false);
  return (
    <Paper
      withBorder
      p="xl"
      data-testid={testId}
      style={{
        borderStyle: 'dashed',
        borderWidth: 3,
        borderColor: over ? 'var(--mantine-color-blue-6)' : undefined,
        textAlign: 'center',
      }}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        void Promise.all(
          [...e.dataTransfer.files].map(async (file) => ({
            name: file.name,
            bytes: new Uint8Array(await file.arrayBuffer()),
          })),
        ).then(onFiles);
      }}
    >
      <Text size="lg">{label}</Text>
    </Paper>
  );
}
