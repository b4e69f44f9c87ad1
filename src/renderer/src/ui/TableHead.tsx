import { Table } from '@mantine/core';

/** A table's header row; an empty label leaves a column (of actions) unnamed. */
export function TableHead({ labels }: { labels: string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {labels.map((label, i) => (
          <Table.Th key={`${i}-${label}`}>{label}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
