/**
 * A list's Export menu: the whole list as the person sees it (its search, filters and order, every page, not only
 * the one on screen) as an Excel, CSV or PDF file, headed in the language chosen. A PDF holds a limited number of
 * rows (the session's exportPdfMaxRows): for a longer list its entry is disabled and says why (the server refuses
 * such a PDF with the same sentence). The server makes and streams the file
 * (GET /api/v2/<resource>/export); each entry is a plain link that the browser downloads, so no row of it passes
 * through this page's memory, and the browser shows the download's progress.
 */
import DownloadIcon from '@mui/icons-material/Download';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useListContext, useLocaleState, useResourceContext } from 'react-admin';
import { apiPath, findResource, type ResourceDeclaration } from '../../resources/index.ts';
import { EXPORT_PDF_MAX_ROWS } from '../auth/session-data.ts';
import { useAccess } from '../auth/use-access.ts';
import { MenuButton } from './menu-button.tsx';
import { useGeneratedText } from './messages.ts';

/**
 * The list's filter as the server reads it: empty values left out, as react-admin leaves them out of its query. The
 * employee list's search takes a whole number as an employee's id (providers/legacy-v1.ts), and so does its export.
 */
function filterOf(resource: ResourceDeclaration | undefined, values: Record<string, unknown>): Record<string, unknown> {
  const filter = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '' && value !== undefined));
  const q = typeof filter.q === 'string' ? filter.q.trim() : undefined;
  if (resource?.name === 'employees' && q && /^[1-9][0-9]{0,9}$/.test(q)) {
    delete filter.q;
    filter.id = Number(q);
  }
  return filter;
}

type ExportFormat = 'xlsx' | 'csv' | 'pdf';
const FORMAT_WORDS = { xlsx: 'exportExcel', csv: 'exportCsv', pdf: 'exportPdf' } as const;

/** What a list exports: a declared resource, or a collection of /api/v2 that has its own export (the audit trail). */
export type ExportTarget = ResourceDeclaration | { path: string };

const pathOf = (target: ExportTarget) => ('path' in target ? target.path : apiPath(target));

/** The address of the list's export in a format. */
export function exportHref(
  target: ExportTarget,
  format: ExportFormat,
  list: {
    filterValues: Record<string, unknown>;
    /** The list's own filter, beside what the person chose (the role-permission list's roles). */
    filter?: Record<string, unknown>;
    sort: { field: string; order: string };
  },
  locale: string,
): string {
  const params = new URLSearchParams({
    format,
    lang: locale === 'hi' ? 'hi' : 'en',
    filter: JSON.stringify(filterOf('path' in target ? undefined : target, { ...list.filter, ...list.filterValues })),
    sort: JSON.stringify([list.sort.field, list.sort.order]),
  });
  return `/api/v2/${pathOf(target)}/export?${params.toString()}`;
}

/** The demo mode's rows live in the browser (demo.ts): there is no server to make a file of them. */
const DEMO = import.meta.env.VITE_DEMO === '1';

/**
 * The Export menu of the list around it: `resource`, or `path` (a collection of /api/v2 that is not declared), or
 * the list's own resource.
 */
export function ExportMenu({ resource, path }: { resource?: ResourceDeclaration; path?: string }) {
  const name = useResourceContext();
  const target: ExportTarget | undefined =
    resource ?? (path !== undefined ? { path } : name ? findResource(name) : undefined);
  if (DEMO || !target) return null;
  return <ExportEntries target={target} />;
}

function ExportEntries({ target }: { target: ExportTarget }) {
  const list = useListContext();
  const [locale] = useLocaleState();
  const words = useGeneratedText();
  const { session } = useAccess();
  const pdfMax = session?.exportPdfMaxRows ?? EXPORT_PDF_MAX_ROWS;
  const number = (value: number) => value.toLocaleString(locale === 'hi' ? 'hi-IN' : 'en-IN');
  const tooLong = (list.total ?? 0) > pdfMax;
  return (
    <MenuButton label={words('export')} icon={<DownloadIcon />}>
      {(close) =>
        (['xlsx', 'csv', 'pdf'] as const).map((format) =>
          format === 'pdf' && tooLong ? (
            // Disabled, but its reason is read at full contrast: only the format's name is greyed.
            <MenuItem key={format} disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
              <ListItemText
                primary={words(FORMAT_WORDS[format])}
                secondary={words('exportPdfTooLong', { max: number(pdfMax), total: number(list.total ?? 0) })}
                slotProps={{
                  primary: { sx: { color: 'text.disabled' } },
                  secondary: { sx: { color: 'text.secondary', whiteSpace: 'normal', maxWidth: 320 } },
                }}
              />
            </MenuItem>
          ) : (
            <MenuItem
              key={format}
              component="a"
              href={exportHref(target, format, list, locale)}
              download
              onClick={close}
            >
              {words(FORMAT_WORDS[format])}
            </MenuItem>
          ),
        )
      }
    </MenuButton>
  );
}
