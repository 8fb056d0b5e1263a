import { useTransferLiveUpdates } from '../live-events';

/**
 * Mounted once by the signed-in shell: every transfer event updates this phone's cache (and the
 * copy it keeps), whichever screen is open. Renders nothing.
 */
export default function TransferLiveUpdates() {
  useTransferLiveUpdates();
  return null;
}
