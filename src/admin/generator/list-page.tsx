/**
 * A list's page as every list draws it: its title as the page's heading (and the app bar's), react-admin's List with
 * the previous/next pagination, and no "empty" page of react-admin's own (the table says the list's empty sentence,
 * ListTable in datagrid.tsx). The list's own props (resource, page size, sort, filters, toolbar) pass through.
 */
import Box from '@mui/material/Box';
import { List, type ListProps } from 'react-admin';
import { PageHeading } from '../layout/PageParts.tsx';
import { PreviousNextPagination } from './pagination.tsx';

export function ListPage({
  title,
  children,
  ...props
}: Omit<ListProps, 'title' | 'pagination' | 'empty'> & { title: string }) {
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <List title={title} pagination={<PreviousNextPagination />} empty={false} {...props}>
        {children}
      </List>
    </Box>
  );
}
