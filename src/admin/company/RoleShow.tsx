/**
 * /employee-role/view/:id (and /employee-role/view with the role in navigation state): the role fetched by id
 * (getRoleById on the server), with Back to /employee-roles. 'No role ID provided.' without an id; the server's
 * sentence or 'Failed to fetch role details.' when it refuses; 'Something went wrong while fetching role.' when it
 * cannot be reached; 'No role data available.' when it answers nothing.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import { Link } from 'react-router-dom';
import { Button, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { roles } from '../../resources/index.ts';
import { useGeneratedText, useResourceText } from '../generator/messages.ts';
import { useWords } from '../i18n/words.ts';
import { COMPANY, ROLE as T } from './messages.ts';
import { PageHeading, Row } from '../layout/PageParts.tsx';
import { isServerAnswer, serverMessage } from '../generator/errors.ts';
import { useEditId } from '../generator/screen-parts.tsx';

interface ReferencedNameProps {
  /** The name as the /api/v1 rows carry it (`department_name`). */
  source: string;
  /** Else looked up: the referenced resource, and the reference field. */
  reference: string;
  via: string;
  record: RaRecord;
}

/** A referenced record's name: as the record carries it, else fetched by its id. */
function ReferencedName({ source, reference, via, record }: ReferencedNameProps) {
  const carried = record[source];
  const id = record[via] as RaRecord['id'] | undefined;
  const { data } = useGetOne(reference, { id: id! }, { enabled: typeof carried !== 'string' && id != null });
  const name = typeof carried === 'string' ? carried : data?.[source];
  return <span>{typeof name === 'string' ? name : ''}</span>;
}

function BackButton() {
  const w = useWords(COMPANY);
  return (
    <Button component={Link} label={w.roles.back} to={T.listRoute} variant="outlined">
      <ArrowBackIcon />
    </Button>
  );
}

function RoleDetails({ id }: { id: RaRecord['id'] }) {
  const { data, isPending, error } = useGetOne('roles', { id }, { retry: false });
  const w = useWords(COMPANY);
  const text = useResourceText(roles);
  const generated = useGeneratedText();
  const translate = useTranslate();
  if (isPending) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  if (error) {
    const message = isServerAnswer(error) ? (serverMessage(error) ?? w.roles.fetchRefused) : w.roles.fetchFailed;
    return <Alert severity="error">{message}</Alert>;
  }
  if (!data) return <Alert severity="info">{w.roles.noData}</Alert>;
  return (
    <Card>
      <CardContent>
        <Row label={text('fields.role_name')}>{String(data.role_name ?? '')}</Row>
        <Row label={text('fields.responsibility')}>{String(data.responsibility ?? '')}</Row>
        <Row label={text('fields.department_id')}>
          <ReferencedName record={data} source="department_name" reference="departments" via="department_id" />
        </Row>
        <Row label={text('fields.designation_id')}>
          <ReferencedName record={data} source="designation" reference="designations" via="designation_id" />
        </Row>
        <Row label={text('fields.is_active')}>{generated(data.is_active === false ? 'no' : 'yes')}</Row>
      </CardContent>
    </Card>
  );
}

export function RoleShow() {
  const id = useEditId();
  const w = useWords(COMPANY);
  const text = useResourceText(roles);
  return (
    <Box>
      <PageHeading>{text('title.show')}</PageHeading>
      <Box sx={{ mb: 2 }}>
        <BackButton />
      </Box>
      {id === undefined ? <Alert severity="warning">{w.roles.noId}</Alert> : <RoleDetails key={String(id)} id={id} />}
    </Box>
  );
}
