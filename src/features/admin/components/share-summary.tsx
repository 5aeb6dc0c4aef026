import { Anchor, Button, Group, Table, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The head of a share's details, a file's or a transfer's: its name, link, figures and takedown. */
export function ShareSummary({
  title,
  shareUrl,
  rows,
  onTakeDown,
}: {
  title: string;
  shareUrl: string;
  rows: readonly [string, string][];
  onTakeDown: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      <Anchor href={shareUrl} target="_blank" rel="noopener noreferrer" size="sm">
        {shareUrl}
      </Anchor>
      <Table fz="sm" withRowBorders={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="40%">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={onTakeDown}>
          {t('admin.takedown.open')}
        </Button>
      </Group>
    </>
  );
}
