import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../utils/format';

/** Pages of a server-paginated table, with "n of total". */
export function TablePager({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {t('admin.common.rows', { count: total, total: formatCount(total, i18n.language) })}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onChange}
          size="sm"
          siblings={0}
          getControlProps={(control) => ({ 'aria-label': t(`admin.common.pager.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('admin.common.pager.page', { page: item }) })}
        />
      )}
    </Group>
  );
}
