/**
 * The `<table>` of a TanStack table: a header row per header group, a row per row, each cell
 * rendered by its column. Screens keep their data, columns and surroundings (scroll region,
 * counts, paging); `rowProps` adds what a screen marks on a row (selection, a data attribute).
 */
import type { HTMLAttributes } from "react";
import type { ReactTable, Row, RowData, TableFeatures } from "@tanstack/react-table";

interface DataTableProps<TFeatures extends TableFeatures, TData extends RowData> {
  table: ReactTable<TFeatures, TData>;
  className: string;
  rowProps?: (row: Row<TFeatures, TData>) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
}

export function DataTable<TFeatures extends TableFeatures, TData extends RowData>({ table, className, rowProps }: DataTableProps<TFeatures, TData>) {
  return (
    <table className={className}>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th key={header.id} scope="col">
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} {...rowProps?.(row)}>
            {row.getAllCells().map((cell) => (
              <td key={cell.id}>
                <table.FlexRender cell={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
