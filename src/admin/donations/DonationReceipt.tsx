/**
 * The printable Hindi receipt of a donation (`/donation-receipt/:id`, spec: "printable Hindi receipt with a
 * 'Print / Save as PDF' button"): the same receipt as the server's PDF, from the same data
 * (GET /api/v2/donations/{id}/receipt), with 'Print / Save as PDF' (the browser's print, the admin's chrome hidden
 * by a print stylesheet) and 'Download PDF' (the server's PDF). `/donation-receipt` without an id, as the spec's
 * route is written, says where to choose a donation.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { Button, Loading, Title, useLocaleState, type RaRecord } from 'react-admin';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { donations } from '../../resources/index.ts';
import type { RecordActionProps } from '../generator/record-actions.ts';
import { fetchReceipt, receiptPdfUrl, type Receipt } from './api.ts';
import { useWords } from '../i18n/words.ts';
import { missingValue, RECEIPT } from './messages.ts';
import { useRegistrationText } from './registration.tsx';
// The receipt's font, served with the admin app, so that a browser without a Devanagari font shows it too.
import notoBold from '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf?url';
import notoRegular from '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf?url';

/** The receipt's font faces, regular and bold (one rule each: CSS takes one face per @font-face). */
const fontFaces = [
  [notoRegular, 400],
  [notoBold, 700],
]
  .map(
    ([url, weight]) =>
      `@font-face{font-family:"Receipt Noto Sans Devanagari";src:url(${url}) format("truetype");font-weight:${weight};}`,
  )
  .join('\n');

/** Hides everything but the receipt when printing: the app bar, the menu, the buttons. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, footer, .MuiDrawer-root, .RaSidebar-root, .RaAppBar-root, .no-print': {
          display: 'none !important',
        },
        'body, .RaLayout-content, .RaLayout-contentWithSidebar, .RaLayout-appFrame': {
          margin: '0 !important',
          padding: '0 !important',
          background: 'white !important',
        },
        '@page': { size: 'A4', margin: '14mm' },
      },
    }}
  />
);

const row = (label: string, value: React.ReactNode, strong = false) => (
  <tr key={label}>
    <th scope="row">{label}</th>
    <td style={strong ? { fontWeight: 700 } : undefined}>{value}</td>
  </tr>
);

const missing = (what: string) => <span className="missing">{missingValue(what)}</span>;
const orMissing = (value: string | null, what: string) => value ?? missing(what);

function Validity({ entry, what }: { entry: Receipt['trust']['registration']; what: string }) {
  return (
    <>
      {orMissing(entry.number, `${what} संख्या`)}
      <br />
      दिनांक: {orMissing(entry.date, `${what} की तिथि`)} &nbsp; वैधता:{' '}
      {entry.validUntil ? `${entry.validUntil} तक` : missing(`${what} की वैधता`)}
    </>
  );
}

/** The receipt itself, in Hindi: the same words as receipt.typ prints. */
export function ReceiptSheet({ receipt: r }: { receipt: Receipt }) {
  const t = r.trust;
  return (
    <Box
      component="article"
      lang="hi"
      aria-label={`दान रसीद ${r.receiptNo}`}
      sx={{
        maxWidth: 794,
        mx: 'auto',
        p: { xs: 2, sm: 4 },
        bgcolor: 'white',
        color: 'black',
        fontFamily: '"Receipt Noto Sans Devanagari", "Noto Sans Devanagari", sans-serif',
        fontSize: 15,
        boxShadow: 1,
        '@media print': { boxShadow: 'none', p: 0, maxWidth: 'none' },
        '& table': { width: '100%', borderCollapse: 'collapse', my: 1 },
        '& th, & td': { border: '1px solid #aaa', p: '5px 8px', textAlign: 'left', verticalAlign: 'top' },
        '& th': { width: '34%', bgcolor: '#f6f1ea' },
        '& .missing': { color: '#b00020' },
        '& .box': { border: '1px solid #aaa', borderRadius: 1, p: 1.2, my: 1 },
      }}
    >
      <Stack direction="row" spacing={2} alignItems="center" justifyContent="center">
        {t.logo ? <img src={t.logo.replace(/\.(jpg|png|webp)$/, '-320.webp')} alt="" style={{ height: 80 }} /> : null}
        <Box textAlign="center">
          <Box sx={{ fontSize: 26, fontWeight: 700, color: '#7a1f1f' }}>{orMissing(t.name, 'न्यास का नाम')}</Box>
          {t.nameEn && t.nameEn !== t.name ? <div>{t.nameEn}</div> : null}
          <div>{orMissing(t.address, 'न्यास का पता')}</div>
          {t.phone || t.email ? (
            <div>
              {t.phone ? `फ़ोन: ${t.phone}` : ''} {t.email ? `ईमेल: ${t.email}` : ''}
            </div>
          ) : null}
        </Box>
      </Stack>
      <Box sx={{ borderBottom: '2px solid #7a1f1f', my: 1 }} />
      <Box component="h1" sx={{ textAlign: 'center', fontSize: 22, my: 1 }}>
        दान रसीद
      </Box>
      {r.cancelled ? (
        <Box className="box" sx={{ borderColor: '#b00020 !important' }}>
          <strong className="missing">यह रसीद रद्द कर दी गई है।</strong>
          {r.cancelled.reason ? ` कारण: ${r.cancelled.reason}` : ''}
        </Box>
      ) : null}
      {/* On a phone the two go on two lines, each kept whole: never "2026-27/000001दिनांक". */}
      <Stack
        direction="row"
        justifyContent="space-between"
        sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, '& > span': { whiteSpace: 'nowrap' } }}
      >
        <span>
          <strong>रसीद संख्या:</strong> {r.receiptNo}
        </span>
        <span>
          <strong>दिनांक:</strong> {r.dateHindi}
        </span>
      </Stack>
      <table>
        <tbody>
          {row('न्यास का पैन', orMissing(t.pan, 'न्यास का पैन'))}
          {row(
            `पंजीकरण${r.tax ? ` (धारा ${r.tax.registrationSection})` : ''}`,
            <Validity entry={t.registration} what="पंजीकरण" />,
          )}
          {row(
            `अनुमोदन${r.tax ? ` (धारा ${r.tax.deductionSection})` : ''}`,
            <Validity entry={t.approval} what="अनुमोदन" />,
          )}
        </tbody>
      </table>
      {r.lapses.map((lapse) => (
        <Box key={lapse.which} className="box missing" sx={{ borderColor: '#b00020 !important' }}>
          <strong>ध्यान दें:</strong> {lapse.hi}
        </Box>
      ))}
      <strong>दाता एवं दान का विवरण</strong>
      <table>
        <tbody>
          {row('दाता का नाम', r.donor.name, true)}
          {row('दाता का पता', r.donor.address ?? 'उपलब्ध नहीं')}
          {row(
            'दाता का पैन',
            r.donor.pan ??
              (r.donor.otherId ? `उपलब्ध नहीं (${r.donor.otherId.type}: ${r.donor.otherId.number})` : 'उपलब्ध नहीं'),
          )}
          {row('राशि (अंकों में)', r.amount.figures, true)}
          {row('राशि (शब्दों में)', r.amount.words, true)}
          {row('प्राप्ति का माध्यम', `${r.mode.hi} (${r.paymentMethod.hi})`)}
          {row('लेन-देन संख्या', r.transactionId ?? 'उपलब्ध नहीं')}
          {row('उद्देश्य', r.purposeHi)}
          {row('दान का प्रकार', r.donationType.hi)}
        </tbody>
      </table>
      {r.cashNotDeductible ? (
        <Box className="box" sx={{ bgcolor: '#fff4e5' }}>
          <strong>ध्यान दें:</strong> ₹2,000 से अधिक का नकद दान
          {r.tax ? ` धारा ${r.tax.deductionSection} के अंतर्गत` : ''} आयकर कटौती के योग्य नहीं है।
        </Box>
      ) : null}
      {r.tax ? (
        <Box className="box">
          <strong>कर संबंधी सूचना ({r.tax.actName})</strong>
          <div>{r.tax.note}</div>
        </Box>
      ) : null}
      {r.missing.length > 0 ? (
        <Box className="box" sx={{ borderColor: '#b00020 !important' }}>
          <strong className="missing">यह रसीद अधूरी है: न्यास ने निम्नलिखित जानकारी अभी दर्ज नहीं की है।</strong>
          <ul style={{ margin: '4px 0' }}>
            {r.missing.map((item) => (
              <li key={item.field}>{item.hi}</li>
            ))}
          </ul>
        </Box>
      ) : null}
      <p>न्यास आपके उदार दान के लिए हृदय से आभारी है।</p>
      <Stack
        direction="row"
        justifyContent="space-between"
        alignItems="flex-end"
        sx={{ mt: 6, flexWrap: 'wrap', columnGap: 2, rowGap: 3, '& .whole': { whiteSpace: 'nowrap' } }}
      >
        <Box sx={{ fontSize: 12, color: '#555' }}>
          {r.cancelled ? (
            <Box
              sx={{
                display: 'inline-block',
                border: '3px solid #b00020',
                color: '#b00020',
                borderRadius: 1.5,
                px: 2,
                fontSize: 36,
                fontWeight: 700,
                transform: 'rotate(-8deg)',
                mb: 1,
              }}
            >
              रद्द
            </Box>
          ) : null}
          <div>
            रसीद संख्या <span className="whole">{r.receiptNo}</span> · वित्तीय वर्ष{' '}
            <span className="whole">{r.financialYear}</span>
          </div>
        </Box>
        <Box sx={{ textAlign: 'center', minWidth: 230, ml: 'auto' }}>
          {t.seal ? <img src={t.seal.replace(/\.(jpg|png|webp)$/, '-320.webp')} alt="" style={{ height: 80 }} /> : null}
          <Box sx={{ borderTop: '1px solid black', pt: 0.5 }}>
            <strong>अधिकृत हस्ताक्षरकर्ता</strong>
            <div>{orMissing(t.signatory, 'हस्ताक्षरकर्ता का नाम')}</div>
          </Box>
        </Box>
      </Stack>
    </Box>
  );
}

/** What the receipt says of a registration not valid on the donation's day, for staff, in their language. */
function LapsesNote({ receipt }: { receipt: Receipt }) {
  const { words, lapse } = useRegistrationText();
  return (
    <Alert severity="warning" className="no-print" sx={{ mb: 2 }}>
      {words.receiptNote}
      <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
        {receipt.lapses.map((entry) => (
          <li key={entry.which}>{lapse(entry, receipt.day)}</li>
        ))}
      </Box>
    </Alert>
  );
}

export function DonationReceipt() {
  const T = useWords(RECEIPT);
  const [locale] = useLocaleState();
  const params = useParams();
  const location = useLocation();
  const state = location.state as { record?: RaRecord } | null;
  const id = params.id ?? (state?.record?.id === undefined ? undefined : String(state.record.id));
  const [receipt, setReceipt] = useState<Receipt>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    setReceipt(undefined);
    setError(undefined);
    fetchReceipt(id)
      .then((r) => live && setReceipt(r))
      .catch((failure: Error) => live && setError(failure.message));
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={T.title} />
      <GlobalStyles styles={fontFaces} />
      {printStyles}
      <Stack direction="row" spacing={1} className="no-print" sx={{ mb: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={donations.routes.list} label={T.back}>
          <ArrowBackIcon />
        </Button>
        {receipt ? (
          <>
            <Button label={T.print} variant="contained" onClick={() => window.print()}>
              <PrintIcon />
            </Button>
            <Button
              component="a"
              href={receiptPdfUrl(receipt.donationId)}
              download
              label={T.downloadPdf}
              variant="outlined"
            >
              <DownloadIcon />
            </Button>
          </>
        ) : null}
      </Stack>
      {id === undefined ? <Alert severity="info">{T.chooseDonation}</Alert> : null}
      {error ? <Alert severity="error">{error}</Alert> : null}
      {id !== undefined && !receipt && !error ? <Loading /> : null}
      {receipt && receipt.missing.length > 0 ? (
        <Alert severity="warning" className="no-print" sx={{ mb: 2 }}>
          {T.incomplete({ what: receipt.missing.map((m) => (locale === 'hi' ? m.hi : m.en)).join(', ') })}
        </Alert>
      ) : null}
      {receipt && receipt.lapses.length > 0 ? <LapsesNote receipt={receipt} /> : null}
      {receipt ? <ReceiptSheet receipt={receipt} /> : null}
    </Box>
  );
}

/** Download Receipt, on each row of the donations list that has a receipt number: opens its receipt page. */
export function DownloadReceipt({ record }: RecordActionProps) {
  const T = useWords(RECEIPT);
  if (!record.receipt_no) return null;
  return (
    <Button
      component={RouterLink}
      to={`${donations.routes.screens.receipt}/${encodeURIComponent(String(record.id))}`}
      label={T.downloadReceipt}
      onClick={(event) => event.stopPropagation()}
    >
      <ReceiptIcon />
    </Button>
  );
}
