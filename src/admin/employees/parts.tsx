/**
 * Pieces shared by the employee screens: the status badge, the permission checkbox matrix, the department and
 * designation selects (changing the department clears the designation and loads that department's), and the
 * wizard's second step and buttons, which adding and editing an employee share.
 */
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip, { type ChipProps } from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { memo, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { employees } from '../../resources/employees.ts';
import { ALL_ROWS, ID_ORDER } from '../generator/name-filter.tsx';
import { useGeneratedText, useResourceText } from '../generator/messages.ts';
import { useWords } from '../i18n/words.ts';
import { EMPLOYEE, EMPLOYEE_ROUTES, EMPLOYEE_SCREEN, PERMISSION_TABLE } from './messages.ts';
import {
  everyPermission,
  permissionCatalogue,
  SCOPES,
  CAPABILITIES,
  isAllowed,
  resourceOfEntry,
  withPermission,
  type Capability,
  type CatalogueEntry,
  type PermissionKey,
  type PermissionMatrix,
  type Scope,
} from '../../resources/permissions.ts';

/** Spec section 4: green Active, red Inactive, yellow Pending, grey otherwise. */
const STATUS_COLOURS: Record<string, ChipProps['color']> = {
  Active: 'success',
  Inactive: 'error',
  Pending: 'warning',
};

/** A name of the table's words, or the name itself when the words have none. */
function named(words: Readonly<Record<string, string>>, name: string): string {
  return Object.hasOwn(words, name) ? words[name]! : name;
}

/** A sub-feature's name in the language chosen: its resource's words, or the table's own for the others. */
function useSubFeatureName(): (entry: PermissionKey) => string {
  const w = useWords(PERMISSION_TABLE);
  const translate = useTranslate();
  return useCallback(
    (entry: PermissionKey) => {
      const resource = resourceOfEntry(entry);
      if (!resource) return named(w.subFeatures, entry.subFeature);
      return translate(`resources.${resource.name}.subFeature`, { _: entry.subFeature });
    },
    [w, translate],
  );
}

export function StatusBadge({ status }: { status: unknown }) {
  const resourceText = useResourceText(employees);
  const text = typeof status === 'string' && status ? status : '-';
  const known = (EMPLOYEE_SCREEN.statuses as readonly string[]).includes(text);
  return (
    <Chip
      size="small"
      label={known ? resourceText(`choices.status.${text}`) : text}
      color={STATUS_COLOURS[text] ?? 'default'}
      data-colour={STATUS_COLOURS[text] ?? 'default'}
    />
  );
}

export interface PermissionTableProps {
  value: PermissionMatrix;
  /** Without onChange the table only shows the permissions. */
  onChange?: (next: PermissionMatrix) => void;
  scopes?: readonly Scope[];
}

/**
 * The table, in a box of its own that scrolls sideways when the table is wider than a phone (the page does not:
 * with inline-size containment the box does not lend the table's width to react-admin's fit-content layout). Its
 * Feature and Sub-feature columns stay in place while the boxes scroll under them, so every box keeps its row's name
 * in sight (LABEL_COLUMNS).
 */
export function PermissionTable(props: PermissionTableProps) {
  return (
    // A box that takes focus, so that a keyboard can scroll it too.
    <Box tabIndex={0} sx={{ overflowX: 'auto', contain: 'inline-size' }}>
      <PermissionGrid {...props} />
    </Box>
  );
}

/** The widths of the Feature and Sub-feature columns: fixed, so that the second knows where the first ends. */
const FEATURE_WIDTH = '6.5rem';
const SUB_FEATURE_WIDTH = '8rem';

/**
 * The two label columns, sticky at the box's left edge (the second just after the first), opaque and above the
 * boxes scrolling under them (a checkbox is positioned, so it would otherwise be painted over them), with a line
 * where the scrolling part begins. Long names wrap within the column.
 */
const LABEL_COLUMNS = {
  feature: {
    position: 'sticky',
    left: 0,
    zIndex: 2,
    bgcolor: 'background.paper',
    width: FEATURE_WIDTH,
    minWidth: FEATURE_WIDTH,
    maxWidth: FEATURE_WIDTH,
    px: 1,
    overflowWrap: 'anywhere',
  },
  subFeature: {
    position: 'sticky',
    left: FEATURE_WIDTH,
    zIndex: 2,
    bgcolor: 'background.paper',
    width: SUB_FEATURE_WIDTH,
    minWidth: SUB_FEATURE_WIDTH,
    maxWidth: SUB_FEATURE_WIDTH,
    px: 1,
    overflowWrap: 'anywhere',
    boxShadow: (theme: { palette: { divider: string } }) => `inset -1px 0 0 ${theme.palette.divider}`,
  },
} as const;

/** A box's change: the row, scope and capability it stands for, and whether it is now ticked. */
type Toggle = (entry: CatalogueEntry, scope: Scope, capability: Capability, on: boolean) => void;

/** The capabilities a matrix allows in one row, as one string ("Global View,Self Edit"): equal when the row is. */
function allowedIn(matrix: PermissionMatrix, entry: CatalogueEntry, scopes: readonly Scope[]): string {
  return scopes
    .flatMap((scope) =>
      entry.capabilities.filter((c) => isAllowed(matrix, entry, scope, c)).map((c) => `${scope} ${c}`),
    )
    .join(',');
}

/**
 * One row per sub-feature; a column per scope and capability. A ticked box renders only its own row again: the rows
 * are memoised on what they allow, and they share one toggle that reads the latest matrix (the table has some 400
 * boxes, and drawing them all again on every click was most of the component tests' time).
 */
function PermissionGrid({ value, onChange, scopes = SCOPES }: PermissionTableProps) {
  const w = useWords(PERMISSION_TABLE);
  const resourceText = useResourceText(employees);
  const latest = useRef({ value, onChange });
  useLayoutEffect(() => {
    latest.current = { value, onChange };
  });
  const toggle = useCallback<Toggle>((entry, scope, capability, on) => {
    const { value: matrix, onChange: change } = latest.current;
    change?.(withPermission(matrix, entry, scope, capability, on));
  }, []);
  return (
    <Table size="small" aria-label={resourceText('fields.permissions')}>
      <TableHead>
        <TableRow>
          <TableCell sx={LABEL_COLUMNS.feature}>{w.feature}</TableCell>
          <TableCell sx={LABEL_COLUMNS.subFeature}>{w.subFeature}</TableCell>
          {scopes.map((scope) => (
            // On a phone the scope's name starts its columns, so that it shows beside the names, not off screen.
            <TableCell key={scope} colSpan={CAPABILITIES.length} sx={{ textAlign: { xs: 'left', sm: 'center' } }}>
              {w.scopes[scope]}
            </TableCell>
          ))}
        </TableRow>
        <TableRow>
          <TableCell sx={LABEL_COLUMNS.feature} />
          <TableCell sx={LABEL_COLUMNS.subFeature} />
          {scopes.flatMap((scope) =>
            CAPABILITIES.map((capability) => (
              <TableCell key={`${scope}-${capability}`}>{w.capabilities[capability]}</TableCell>
            )),
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {permissionCatalogue().map((entry) => (
          <PermissionRow
            key={`${entry.feature}/${entry.subFeature}`}
            entry={entry}
            scopes={scopes}
            allowed={allowedIn(value, entry, scopes)}
            onToggle={onChange ? toggle : undefined}
          />
        ))}
      </TableBody>
    </Table>
  );
}

interface PermissionRowProps {
  entry: CatalogueEntry;
  scopes: readonly Scope[];
  /** What the row allows (allowedIn). */
  allowed: string;
  /** Without it the row only shows its permissions. */
  onToggle: Toggle | undefined;
}

const PermissionRow = memo(function PermissionRow({ entry, scopes, allowed, onToggle }: PermissionRowProps) {
  const w = useWords(PERMISSION_TABLE);
  const subFeatureName = useSubFeatureName();
  const generated = useGeneratedText();
  const ticked = new Set(allowed.split(','));
  return (
    <TableRow>
      <TableCell sx={LABEL_COLUMNS.feature}>{named(w.features, entry.feature)}</TableCell>
      <TableCell sx={LABEL_COLUMNS.subFeature}>{subFeatureName(entry)}</TableCell>
      {scopes.flatMap((scope) =>
        CAPABILITIES.map((capability) => {
          const key = `${scope}-${capability}`;
          if (!entry.capabilities.includes(capability)) return <TableCell key={key} />;
          const label = [
            named(w.features, entry.feature),
            subFeatureName(entry),
            w.scopes[scope],
            w.capabilities[capability],
          ].join(' ');
          const checked = ticked.has(`${scope} ${capability}`);
          return (
            <TableCell key={key} padding="checkbox">
              {onToggle ? (
                <Checkbox
                  size="small"
                  checked={checked}
                  onChange={(event) => onToggle(entry, scope, capability, event.target.checked)}
                  slotProps={{ input: { 'aria-label': label } }}
                />
              ) : (
                <span aria-label={label}>{checked ? generated('yes') : generated('no')}</span>
              )}
            </TableCell>
          );
        }),
      )}
    </TableRow>
  );
});

export interface JobSelectsProps {
  departmentId: string;
  designationId: string;
  onDepartment: (id: string) => void;
  onDesignation: (id: string) => void;
}

/**
 * Department and designation selects; the designations offered are the chosen department's, so choosing a
 * department also empties the designation (`onDesignation('')`).
 */
export function DepartmentDesignationSelects({
  departmentId,
  designationId,
  onDepartment,
  onDesignation,
}: JobSelectsProps) {
  const resourceText = useResourceText(employees);
  const { data: departments } = useGetList('departments', { pagination: ALL_ROWS, sort: ID_ORDER });
  const { data: designations } = useGetList(
    'designations',
    { pagination: ALL_ROWS, sort: ID_ORDER, filter: { department_id: departmentId } },
    { enabled: departmentId !== '' },
  );
  const offered = departmentId === '' ? [] : (designations ?? []);
  return (
    <>
      <TextField
        select
        label={resourceText('fields.department_id')}
        value={departments?.some((d) => String(d.id) === departmentId) ? departmentId : ''}
        onChange={(event) => {
          onDepartment(event.target.value);
          onDesignation('');
        }}
        fullWidth
        margin="dense"
      >
        {(departments ?? []).map((d) => (
          <MenuItem key={d.id} value={String(d.id)}>
            {String(d.department_name)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={resourceText('fields.designation_id')}
        value={offered.some((d) => String(d.id) === designationId) ? designationId : ''}
        onChange={(event) => onDesignation(event.target.value)}
        fullWidth
        margin="dense"
      >
        {offered.map((d) => (
          <MenuItem key={d.id} value={String(d.id)}>
            {String(d.designation)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

export function RoleSelect({ value, onChange }: { value: string; onChange: (role: string) => void }) {
  const resourceText = useResourceText(employees);
  return (
    <TextField
      select
      label={resourceText('fields.role')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      margin="dense"
    >
      {EMPLOYEE_SCREEN.roles.map((role) => (
        <MenuItem key={role} value={role}>
          {resourceText(`choices.role.${role}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export interface AccessStepProps {
  departmentId: string;
  designationId: string;
  setDepartmentId: (id: string) => void;
  setDesignationId: (id: string) => void;
  role: string;
  setRole: (role: string) => void;
  permissions: PermissionMatrix;
  setPermissions: (matrix: PermissionMatrix) => void;
}

/** The state of step 2, starting from `initial` (empty when adding, the record's when editing). */
export function useAccessState(initial: {
  departmentId: string;
  designationId: string;
  role: string;
  permissions: PermissionMatrix;
}): AccessStepProps {
  const [departmentId, setDepartmentId] = useState(initial.departmentId);
  const [designationId, setDesignationId] = useState(initial.designationId);
  const [role, setRole] = useState(initial.role);
  const [permissions, setPermissions] = useState<PermissionMatrix>(initial.permissions);
  return { departmentId, designationId, setDepartmentId, setDesignationId, role, setRole, permissions, setPermissions };
}

/** Step 2 of adding or editing an employee: department, designation, role and the permission matrix. */
export function AccessStep(props: AccessStepProps) {
  const { departmentId, designationId, setDepartmentId, setDesignationId, role, setRole } = props;
  const w = useWords(EMPLOYEE);
  return (
    <Box sx={{ mt: 1 }}>
      <DepartmentDesignationSelects
        departmentId={departmentId}
        designationId={designationId}
        onDepartment={setDepartmentId}
        onDesignation={setDesignationId}
      />
      <RoleSelect value={role} onChange={setRole} />
      <Stack direction="row" spacing={1} sx={{ my: 1 }}>
        <MuiButton onClick={() => props.setPermissions(everyPermission())}>{w.selectAll}</MuiButton>
        <MuiButton onClick={() => props.setPermissions({})}>{w.clearAll}</MuiButton>
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <PermissionTable value={props.permissions} onChange={props.setPermissions} />
      </Box>
    </Box>
  );
}

/** The wizard's buttons: Next on step 1; Back and Submit on step 2; Cancel back to the list on both. */
export function WizardButtons(props: {
  step: 0 | 1;
  onNext: () => void;
  onBack: () => void;
  onSubmit: () => void;
  submitDisabled: boolean;
}) {
  const w = useWords(EMPLOYEE);
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
      {props.step === 0 ? (
        <MuiButton variant="contained" onClick={props.onNext}>
          {w.next}
        </MuiButton>
      ) : (
        <>
          <MuiButton onClick={props.onBack}>{w.back}</MuiButton>
          <MuiButton variant="contained" onClick={props.onSubmit} disabled={props.submitDisabled}>
            {w.submit}
          </MuiButton>
        </>
      )}
      <MuiButton component={Link} to={EMPLOYEE_ROUTES.list}>
        {w.cancel}
      </MuiButton>
    </Stack>
  );
}
