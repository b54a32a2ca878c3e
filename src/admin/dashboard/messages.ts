/** The words of the dashboard's backup card (BackupCard.tsx), in English and Hindi. */
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

export const BACKUP_CARD = defineWords('backupCard', {
  title: 'Backups',
  lastSucceeded: 'Last backup: %{when}, %{size}',
  file: 'Archive %{file} in %{dir}',
  noneYet: 'No backup has been taken yet.',
  failed: 'The last backup, %{when}, failed: %{reason}',
  running: 'A backup is being taken (since %{when}).',
  missing: 'No backup has succeeded for 36 hours: the data is not safe until one does.',
  schedule: 'The server takes one each day at %{time} (%{zone}); the next at %{next}.',
  off: 'The server takes no backups of its own (BACKUP_TIME is off): run npm run backup on the server.',
  backUpNow: 'Back Up Now',
  download: 'Download',
  downloadHint: 'The archive holds PANs and password hashes: keep it safe.',
} as const);

export const BACKUP_CARD_HI = hindi(BACKUP_CARD, {
  title: 'बैकअप',
  lastSucceeded: 'पिछला बैकअप: %{when}, %{size}',
  file: 'संग्रह %{file}, %{dir} में',
  noneYet: 'अभी तक कोई बैकअप नहीं बना है।',
  failed: 'पिछला बैकअप (%{when}) नहीं बन सका: %{reason}',
  running: 'बैकअप बन रहा है (%{when} से)।',
  missing: '36 घंटे से कोई बैकअप सफल नहीं हुआ: जब तक कोई सफल न हो, डेटा सुरक्षित नहीं है।',
  schedule: 'सर्वर हर दिन %{time} (%{zone}) पर एक बैकअप बनाता है; अगला %{next} पर।',
  off: 'सर्वर अपने आप बैकअप नहीं बनाता (BACKUP_TIME बंद है): सर्वर पर npm run backup चलाएँ।',
  backUpNow: 'अभी बैकअप लें',
  download: 'डाउनलोड करें',
  downloadHint: 'इस संग्रह में पैन और पासवर्ड हैश हैं: इसे सुरक्षित रखें।',
});

export const DASHBOARD = defineWords('dashboard', {
  title: 'Dashboard',
  totalUsers: 'Total Users',
  blogPosts: 'Blog Posts',
  donations: 'Donations',
  contactMessages: 'Contact Messages',
  chartTitle: 'Monthly Donation Overview',
  chartSeries: 'Donations',
} as const);

export const DASHBOARD_HI = hindi(DASHBOARD, {
  title: 'डैशबोर्ड',
  totalUsers: 'कुल उपयोगकर्ता',
  blogPosts: 'ब्लॉग पोस्ट',
  donations: 'दान',
  contactMessages: 'संपर्क संदेश',
  chartTitle: 'मासिक दान का विवरण',
  chartSeries: 'दान',
});

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [
  [BACKUP_CARD, BACKUP_CARD_HI],
  [DASHBOARD, DASHBOARD_HI],
];
