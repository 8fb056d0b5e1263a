import { QRCodeSVG } from 'qrcode.react';
import { t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import type { HeldSecret } from '../utils/secret-store';
import { RefusalNote } from './refusal-note';

const text = transfersText.secret;

/**
 * The QR's side: 248 px, or what the screen leaves it above the action bar when the header block is
 * taller (a new-order banner over the sent toast), down to 160 px (about 5 px a module, still read at
 * a hand's length). The rest of the card's height in that reckoning (its padding and title above the QR,
 * the PIN row under it, and a little air) is the last 7.5 rem; the bottom navigation is 4 rem. Written
 * out whole, as Tailwind finds its classes in the source.
 */
const QR_SIDE = 'size-[clamp(10rem,calc(100dvh-var(--page-top,3.5rem)-var(--action-bar-height,5rem)-4rem-env(safe-area-inset-bottom)-7.5rem),15.5rem)]';

/**
 * The receipt QR and PIN of a transfer in `new`, as this phone holds them (decision 89): the QR large
 * on white with its quiet zone (it is read from this screen by another phone's camera), the PIN's
 * digits beside it for reading out. The value is drawn, never written into an attribute. Without a
 * held secret: why, and "Buat PIN baru" when the server allows it.
 */
export function MatSecretCard({
  matNo,
  secret,
  canReissue,
  locked,
  keepPin = false,
  onReissue,
  reissuing,
  refusal = null,
}: {
  matNo: string;
  secret: HeldSecret | null;
  canReissue: boolean;
  locked: boolean;
  /** Unlocked since the PIN was issued: the receiver's PIN still holds, so a new one is only offered. */
  keepPin?: boolean;
  onReissue: () => void;
  reissuing: boolean;
  /** Why "Buat PIN baru" was refused, said under it. */
  refusal?: unknown;
}) {
  if (!secret) {
    return (
      <Card title={text.missingTitle} testId="mat-secret-missing">
        <p className="text-sm text-slate-700">{locked ? text.lockedNoReissue : keepPin ? text.unlockedKeepPin : text.missingMessage}</p>
        {canReissue ? (
          <Button block variant={keepPin ? 'secondary' : 'primary'} onClick={onReissue} loading={reissuing} icon={<Icon name="qr" className="size-5" />} data-testid="mat-reissue">
            {text.reissue}
          </Button>
        ) : null}
        <RefusalNote error={refusal} testId="mat-reissue-refused" />
      </Card>
    );
  }
  // QR and PIN first, the words after them: the detail opens with them under the "terkirim" toast (and a
  // banner that came meanwhile), and at 360 × 640 both must be whole above "Batalkan MAT".
  return (
    <Card title={text.title} testId="mat-secret">
      <div className="flex justify-center">
        {/* White, with the code's own quiet zone of four modules: a camera reads it off this screen. */}
        <div className={`overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 ${QR_SIDE}`} data-testid="mat-qr">
          <QRCodeSVG value={secret.qr} size={248} level="M" marginSize={4} bgColor="#ffffff" fgColor="#000000" role="img" aria-label={t(text.qrLabel, { matNo })} className="block size-full" />
        </div>
      </div>
      <p className="flex items-baseline justify-center gap-3">
        <span className="text-xs font-medium text-slate-500">{text.pinLabel}</span>
        <span className="font-mono text-4xl font-bold tracking-[0.3em] text-slate-900 tabular-nums" data-testid="mat-pin">
          {secret.pin}
        </span>
      </p>
      <p className="text-sm text-slate-600">{text.hint}</p>
      {canReissue ? (
        <Button variant="ghost" onClick={onReissue} loading={reissuing} className="self-center" data-testid="mat-reissue">
          {text.reissue}
        </Button>
      ) : null}
      <RefusalNote error={refusal} testId="mat-reissue-refused" />
    </Card>
  );
}
