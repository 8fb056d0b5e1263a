/** What the confirm-mat page's test files share: its addresses and screen, and the refused-PIN start. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ID_TBSMS, MAT_NO, renderPage } from '../transfers-test-kit';
import ConfirmMatPage from './confirm-mat-page';

export const BY_TBSMS = `/api/transfers/by-tbsms/${ID_TBSMS}`;
export const CONFIRM = `${BY_TBSMS}/confirm`;
export const FINISH = `/api/transfers/${MAT_NO}/finish`;

export const renderConfirm = (status: string) =>
  renderPage(
    [
      { path: '/confirm-mat/:status/:idTbsms', element: <ConfirmMatPage /> },
      { path: '/detail-mat-in/:matNo', element: <p>detail masuk</p> },
    ],
    `/confirm-mat/${status}/${ID_TBSMS}`,
  );

export type User = ReturnType<typeof userEvent.setup>;

/** Opens the new transfer's confirmation and sends a wrong PIN: the start of every refused-PIN test. */
export async function sendWrongPin() {
  const user = userEvent.setup();
  renderConfirm('new');
  await user.type(await screen.findByLabelText('PIN dari toko pengirim'), '000000');
  await user.click(screen.getByTestId('mat-pin-submit'));
  return user;
}
