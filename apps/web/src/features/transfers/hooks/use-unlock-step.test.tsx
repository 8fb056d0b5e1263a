import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, type TransferDetail } from '@gerai/contract';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { MAT_NO, incoming, renderPage, setUpMatScreenTests, SUPERVISOR_SIDES } from '../transfers-test-kit';
import { useUnlockStep } from './use-unlock-step';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

setUpMatScreenTests();

const UNLOCK = `/api/transfers/${MAT_NO}/unlock`;

function Probe({ detail, calls }: { detail: TransferDetail; calls: string[] }) {
  const { askUnlock, unlockedHere } = useUnlockStep(detail, { onRefused: (e) => calls.push(`refused ${e.code}`), clearRefusal: () => calls.push('cleared'), afterUnlock: () => calls.push('after') });
  return (
    <div>
      {askUnlock ? (
        <button type="button" onClick={askUnlock}>
          buka
        </button>
      ) : (
        <p>tidak boleh</p>
      )}
      <p data-testid="unlocked-here">{String(unlockedHere)}</p>
    </div>
  );
}

const render = (detail: TransferDetail, calls: string[]) => renderPage([{ path: '/x', element: <Probe detail={detail} calls={calls} /> }], '/x');
const locked = (over: Partial<TransferDetail> = {}) => incoming({ locked: true, pinTriesLeft: 0, actions: ['unlock'], viewerSides: SUPERVISOR_SIDES, ...over });

describe('useUnlockStep', () => {
  it('offers no unlock where the server does not let this caller', () => {
    render(locked({ actions: [] }), []);
    expect(screen.getByText('tidak boleh')).toBeInTheDocument();
  });

  it('asks first; confirmed, it clears the old refusal, sends the unlock once and says it is done', async () => {
    const calls: string[] = [];
    const server = mockFetch().on('POST', UNLOCK, ok(incoming({ actions: ['confirm'] })));
    const user = userEvent.setup();
    render(locked(), calls);
    await user.click(screen.getByRole('button', { name: 'buka' }));
    expect(server.callsTo(UNLOCK, 'POST')).toHaveLength(0);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, buka' }));
    await waitFor(() => expect(calls).toEqual(['cleared', 'after']));
    expect(server.callsTo(UNLOCK, 'POST')).toHaveLength(1);
    expect(screen.getByTestId('toasts')).toHaveTextContent(`Kunci MAT ${MAT_NO} dibuka.`);
    // The transfer shown is still the locked one until it is read again: not "unlocked here" yet.
    expect(screen.getByTestId('unlocked-here')).toHaveTextContent('false');
  });

  it('a refused unlock goes to the screen', async () => {
    const calls: string[] = [];
    mockFetch().on('POST', UNLOCK, fail(409, 'TRANSFER_NOT_LOCKED', ERROR_MESSAGES.TRANSFER_NOT_LOCKED));
    const user = userEvent.setup();
    render(locked(), calls);
    await user.click(screen.getByRole('button', { name: 'buka' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, buka' }));
    await waitFor(() => expect(calls).toEqual(['cleared', 'refused TRANSFER_NOT_LOCKED']));
  });
});
