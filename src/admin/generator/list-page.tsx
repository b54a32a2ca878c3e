/**
 * A list's page as every list draws it: its title as the page's heading (and the app bar's), react-admin's List with
 * the previous/next pagination, and no "empty" page of react-admin's own (the table says the list's empty sentence,
 * ListTable in datagrid.tsx). A declared resource's list is given `of` its declaration: its name, page size and
 * order come from there. The list's other props (filters, toolbar) pass through, and any of those given win.
 */
import Box from '@mui/material/Box';
import { List, type ListProps } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/index.ts';
import { PageHeading } from '../layout/PageParts.tsx';
import { PreviousNextPagination } from './pagination.tsx';

export function ListPage({
  title,
  of,
  children,
  ...props
}: Omit<ListProps, 'title' | 'pagination' | 'empty'> & { title: string; of?: ResourceDeclaration }) {
  const declared = of ? { resource: of.name, perPage: of.list.pageSize, sort: of.list.sort } : {};
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <List title={title} pagination={<PreviousNextPagination />} empty={false} {...declared} {...props}>
        {children}
      </List>
    </Box>
  );
}
