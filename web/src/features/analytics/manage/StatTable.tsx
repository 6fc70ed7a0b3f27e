/**
 * A table of figures (`components/DataTable.tsx`): text in the first column, numbers after it,
 * right-aligned so they compare at a glance. Columns are given as header + cell function.
 */
import { useMemo } from "react";
import { createColumnHelper, tableFeatures, useTable, type RowData } from "@tanstack/react-table";
import { DataTable } from "@/components/DataTable";

export interface StatColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => string;
}

const features = tableFeatures({});

export function StatTable<T extends RowData>({ rows, columns, rowId }: { rows: readonly T[]; columns: readonly StatColumn<T>[]; rowId: (row: T) => string }) {
  const tableColumns = useMemo(() => {
    const column = createColumnHelper<typeof features, T>();
    return column.columns(columns.map((c) => column.display({ id: c.id, header: () => c.header, cell: (info) => c.cell(info.row.original) })));
  }, [columns]);
  const data = useMemo(() => [...rows], [rows]);
  const table = useTable({ features, columns: tableColumns, data, getRowId: rowId });
  return (
    <div className="console-table-scroll">
      <DataTable table={table} className="console-table dash-table" />
    </div>
  );
}
