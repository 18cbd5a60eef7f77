import { Box, Pagination } from '@mantine/core';

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

interface ListPaginationProps {
  /** How many items the whole list has. */
  count: number;
  pageSize: number;
  /** The current page, from 1. */
  page: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Notifications pages". */
  label: string;
}

/** Page links under a paged list; nothing when everything fits on one page. */
export function ListPagination({ count, pageSize, page, onChange, label }: ListPaginationProps) {
  const total = Math.ceil(count / pageSize);
  if (total <= 1) return null;
  return (
    <Box component="nav" aria-label={label} mt="md">
      <Pagination
        total={total}
        value={page}
        onChange={onChange}
        size="sm"
        getItemProps={(item) => ({ 'aria-label': `Page ${String(item)}` })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      />
    </Box>
  );
}
