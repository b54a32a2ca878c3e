/**
 * Every list's table, on any screen: react-admin's Datagrid where the window is wide enough for a table, and on a
 * phone or a narrow tablet (below MUI's `md`, 900 px) the same columns as one card per record, each field under its
 * column's label and the row's actions (View, Edit, Delete...) in the card, so that no page scrolls sideways and
 * every record stays readable and actionable. The columns are the Datagrid's children, unchanged: a list swaps
 * `Datagrid` for `ResponsiveDatagrid` and nothing else. Wide, the table sits in a box that scrolls sideways on its
 * own should its columns ever be wider than the page (the page itself never does).
 *
 * `RecordCard` is the card alone, for a list that draws its own table (the outbox).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import {
  Datagrid,
  FieldTitle,
  RecordContextProvider,
  useListContext,
  useResourceContext,
  type DatagridProps,
  type RaRecord,
} from 'react-admin';

/** Below this breakpoint, lists show cards. */
export const CARDS_BELOW = 'md';

/** Whether the window is narrow enough for the lists' cards. */
export function useCardLayout(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down(CARDS_BELOW), { noSsr: true });
}

export interface CardField {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

const CARD: SxProps<Theme> = {
  px: 2,
  py: 1.5,
  borderBottom: 1,
  borderColor: 'divider',
  '&:last-of-type': { borderBottom: 0 },
};

const FIELDS: SxProps<Theme> = {
  display: 'grid',
  // The labels take what the longest needs up to 40 % of the card; the values the rest, wrapping long words.
  gridTemplateColumns: 'minmax(5rem, max-content) minmax(0, 1fr)',
  columnGap: 2,
  rowGap: 0.75,
  alignItems: 'center',
  m: 0,
  '& > dt': { color: 'text.secondary', typography: 'body2', maxWidth: '40vw', overflowWrap: 'anywhere' },
  '& > dd': { m: 0, minWidth: 0, typography: 'body2', overflowWrap: 'anywhere' },
};

/** One record as label / value pairs. */
export function RecordCard({ fields, sx }: { fields: CardField[]; sx?: SxProps<Theme> }) {
  return (
    <Box component="li" sx={[CARD, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Box component="dl" sx={FIELDS}>
        {fields.map((field) => (
          <Fragment key={field.key}>
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </Fragment>
        ))}
      </Box>
    </Box>
  );
}

/** The list of cards (a list of records, for assistive technology too). */
export function RecordCards({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {children}
    </Box>
  );
}

interface ColumnElementProps {
  label?: ReactNode;
  source?: string;
}

/** The Datagrid's columns, as it reads them: its element children (fragments and nulls left out). */
function columnsOf(children: ReactNode): ReactElement<ColumnElementProps>[] {
  return Children.toArray(children).filter((child): child is ReactElement<ColumnElementProps> => isValidElement(child));
}

function DatagridCards({ children, empty, rowSx }: Pick<DatagridProps, 'children' | 'empty' | 'rowSx'>) {
  const { data, isPending, total } = useListContext();
  const resource = useResourceContext();
  if (isPending) return null;
  if (!data || data.length === 0 || total === 0) return empty ?? null;
  const columns = columnsOf(children);
  return (
    <RecordCards>
      {data.map((record: RaRecord, index: number) => (
        <RecordContextProvider key={record.id} value={record}>
          <RecordCard
            sx={rowSx?.(record, index) as SxProps<Theme> | undefined}
            fields={columns.map((column, position) => ({
              key: `${position}-${column.props.source ?? ''}`,
              label: <FieldTitle label={column.props.label} source={column.props.source} resource={resource} />,
              value: column,
            }))}
          />
        </RecordContextProvider>
      ))}
    </RecordCards>
  );
}

/**
 * A table of a page (not a list) that may be wider than a phone: it scrolls sideways in its own box, which takes
 * focus so that a keyboard can scroll it, and whose inline-size containment keeps the table's width from widening
 * react-admin's fit-content layout (and so the page).
 */
export function TableScroll({ children }: { children: ReactNode }) {
  return (
    <Box tabIndex={0} sx={{ overflowX: 'auto', contain: 'inline-size' }}>
      {children}
    </Box>
  );
}

export function ResponsiveDatagrid(props: DatagridProps) {
  const cards = useCardLayout();
  if (cards) return <DatagridCards {...props} />;
  return (
    // Inline-size containment: the box does not lend the table's width to react-admin's fit-content layout.
    <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
      <Datagrid {...props} />
    </Box>
  );
}

/**
 * A list's table as the lists draw it: no row click and no bulk actions (each row has its own buttons), and the
 * list's empty sentence, as a status, in place of an empty table.
 */
export function ListTable({ emptyText, ...props }: Omit<DatagridProps, 'empty' | 'rowClick'> & { emptyText: string }) {
  const empty = (
    <Typography sx={{ p: 2 }} role="status">
      {emptyText}
    </Typography>
  );
  return <ResponsiveDatagrid rowClick={false} bulkActionButtons={false} empty={empty} {...props} />;
}
