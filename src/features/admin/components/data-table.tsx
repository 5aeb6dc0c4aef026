import type { ComponentProps, ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import type { TableProps, TableTdProps, TableThProps } from '@mantine/core';
import { TablePager } from './table-pager';

/** One column of a DataTable: its header, and what each row shows in it. */
export interface Column<Row> {
  /** Unique within the table (the React key of the column). */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Props of the header cell, e.g. aria-sort. */
  thProps?: TableThProps;
  /** Props of each of the column's body cells, e.g. wrapping or monospace. */
  tdProps?: TableTdProps;
}

/** Body cells whose text (names, referrers, JSON) may be long and unbroken. */
export const WRAP_ANYWHERE: TableTdProps = { style: { overflowWrap: 'anywhere' } };

/**
 * The table of every admin screen: one row a record, a line when there is none (`empty`), and the
 * pager when the server pages the list (`pager`).
 *
 * It scrolls sideways on a narrow screen. The scrolling box is focusable and named, so a keyboard
 * can scroll it too (axe: scrollable-region-focusable), and positioned, so the visually hidden
 * labels inside it are clipped with it instead of widening the page.
 */
export function DataTable<Row>({
  label,
  minWidth,
  columns,
  rows,
  rowKey,
  empty,
  pager,
  tableProps,
}: {
  label: string;
  minWidth: number;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty?: ReactNode;
  pager?: ComponentProps<typeof TablePager>;
  tableProps?: TableProps;
}) {
  return (
    <>
      <Table.ScrollContainer
        type="native"
        minWidth={minWidth}
        tabIndex={0}
        role="region"
        aria-label={label}
        style={{ position: 'relative' }}
      >
        <Table striped fz="sm" {...tableProps}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} {...column.thProps}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && empty !== undefined && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key} {...column.tdProps}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pager && <TablePager {...pager} />}
    </>
  );
}
