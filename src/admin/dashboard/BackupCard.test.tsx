import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authProviderFor } from '../../../tests/components/access-auth.ts';
import { renderWithAdmin } from '../../../tests/components/render-with-admin.tsx';
import { BackupCard, type BackupStatus } from './BackupCard.tsx';
import { BACKUP_CARD } from './messages.ts';

const SCHEDULE = {
  time: '02:00',
  timeZone: 'Asia/Kolkata',
  next: '2026-11-27T20:30:00.000Z',
  dir: '/srv/trust/backups',
};
const SUCCEEDED = {
  id: 41,
  status: 'Succeeded' as const,
  startedAt: '2026-11-26T20:30:00.000Z',
  finishedAt: '2026-11-26T20:31:10.000Z',
  file: 'trust-backup-2026-11-26T203000Z.tar.gz.enc',
  bytes: 13_002_342,
  error: null,
};

function renderCard(status: BackupStatus, admin = true, start = vi.fn(async () => {})) {
  const load = vi.fn(async () => status);
  const view = renderWithAdmin(<BackupCard load={load} start={start} />, {
    authProvider: authProviderFor({}, { admin }),
  });
  return { load, start, user: view.user };
}

describe('BackupCard', () => {
  it('shows an Admin the last backup: when, how large, which archive, and when the next is', async () => {
    renderCard({ schedule: SCHEDULE, last: SUCCEEDED, lastSucceeded: SUCCEEDED, missing: false });
    const card = await screen.findByRole('region', { name: BACKUP_CARD.title });
    expect(card).toHaveTextContent('Last backup: 27 Nov 2026, 2:01 am IST, 12.4 MB');
    expect(card).toHaveTextContent('Archive trust-backup-2026-11-26T203000Z.tar.gz.enc in /srv/trust/backups');
    expect(card).toHaveTextContent(
      'The server takes one each day at 02:00 (India Standard Time); the next at 28 Nov 2026, 2:00 am IST.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: BACKUP_CARD.download })).toHaveAttribute(
      'href',
      '/api/v2/backups/41/download',
    );
  });

  it('takes one now, follows it while it runs, and says why the server refused one', async () => {
    const running = { ...SUCCEEDED, id: 42, status: 'Running' as const, finishedAt: null, file: null, bytes: null };
    const answers: BackupStatus[] = [
      { schedule: SCHEDULE, last: SUCCEEDED, lastSucceeded: SUCCEEDED, missing: false },
      { schedule: SCHEDULE, last: running, lastSucceeded: SUCCEEDED, missing: false },
      { schedule: SCHEDULE, last: { ...SUCCEEDED, id: 42 }, lastSucceeded: { ...SUCCEEDED, id: 42 }, missing: false },
    ];
    const load = vi.fn(async () => answers[Math.min(load.mock.calls.length - 1, answers.length - 1)]!);
    const start = vi
      .fn<() => Promise<void>>()
      .mockResolvedValueOnce()
      .mockRejectedValueOnce(new Error('A backup is being taken already; wait until it is done.'));
    const { user } = renderWithAdmin(<BackupCard load={load} start={start} />, {
      authProvider: authProviderFor({}, { admin: true }),
    });
    const button = await screen.findByRole('button', { name: BACKUP_CARD.backUpNow });
    await user.click(button);
    expect(start).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/A backup is being taken \(since /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: BACKUP_CARD.backUpNow })).toBeDisabled();
    // Asked again after a while: done, and the link is the new archive's.
    await waitFor(
      () =>
        expect(screen.getByRole('link', { name: BACKUP_CARD.download })).toHaveAttribute(
          'href',
          '/api/v2/backups/42/download',
        ),
      { timeout: 5000 },
    );
    await user.click(screen.getByRole('button', { name: BACKUP_CARD.backUpNow }));
    expect(await screen.findByText('A backup is being taken already; wait until it is done.')).toBeInTheDocument();
  });

  it('says when the last one failed and none has succeeded for 36 hours', async () => {
    const failed = {
      ...SUCCEEDED,
      status: 'Failed' as const,
      file: null,
      bytes: null,
      error: 'the disk is full (ENOSPC)',
    };
    renderCard({ schedule: SCHEDULE, last: failed, lastSucceeded: null, missing: true });
    const card = await screen.findByRole('region', { name: BACKUP_CARD.title });
    const [missing, failure] = screen.getAllByRole('alert');
    expect(missing).toHaveTextContent(BACKUP_CARD.missing);
    expect(failure).toHaveTextContent('The last backup, 27 Nov 2026, 2:01 am IST, failed: the disk is full (ENOSPC)');
    expect(card).toHaveTextContent(BACKUP_CARD.noneYet);
  });

  it('says when the server takes none of its own', async () => {
    renderCard({ schedule: null, last: null, lastSucceeded: null, missing: false });
    expect(await screen.findByRole('region', { name: BACKUP_CARD.title })).toHaveTextContent(BACKUP_CARD.off);
  });

  it('is not there for anyone but an Admin, and asks nothing', async () => {
    const { load } = renderCard({ schedule: SCHEDULE, last: null, lastSucceeded: null, missing: true }, false);
    await waitFor(() => expect(screen.queryByRole('region', { name: BACKUP_CARD.title })).toBeNull());
    expect(load).not.toHaveBeenCalled();
  });
});
