import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

/** One field and its button: look something up by number, or search; Enter submits. */
export function LookupForm({
  label,
  action,
  onSubmit,
  optional = false,
  width,
  variant,
}: {
  label: string;
  action: string;
  onSubmit: (value: string) => void;
  /** An empty field may be submitted (a search for everything). */
  optional?: boolean;
  width?: number;
  variant?: 'filled' | 'light';
}) {
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(value);
      }}
    >
      <Group align="end">
        <TextInput
          size="md"
          label={label}
          value={value}
          w={width}
          onChange={(e) => setValue(e.currentTarget.value)}
        />
        <Button type="submit" size="md" variant={variant} disabled={!optional && !value.trim()}>
          {action}
        </Button>
      </Group>
    </form>
  );
}
