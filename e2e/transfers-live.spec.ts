import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { snap } from './fixtures';
import { leaveLoginBudget, signInOnce } from './support/pod';

// Issue 25: the receiving crew of T002 locks the demo transfer T001 → T002 with 5 wrong PINs on its
// confirm screen; the area supervisor unlocks it on another phone. The crew's open screen turns from
// "MAT terkunci" to the PIN entry without a reload (and stays so after one), and the same PIN (the
// demo's) goes through; the supervisor sees the result of the unlock, not an invitation to void the PIN.

const T002_CREW = '10000002';
const SUPERVISOR = '30000001';
const T002_STATE = 'test-results/mat-live-t002.json';
const SUPERVISOR_STATE = 'test-results/mat-live-supervisor.json';
/** Every seeded transfer's PIN (apps/server/src/seed/demo-data.ts DEMO_MAT_PIN). */
const DEMO_MAT_PIN = '135790';
const WRONG_PIN = '000000';
const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, locale: 'id-ID', timezoneId: 'Asia/Jakarta' } as const;

let t002: APIRequestContext;
let supervisor: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  t002 = await signInOnce(baseURL!, T002_CREW, T002_STATE);
  supervisor = await signInOnce(baseURL!, SUPERVISOR, SUPERVISOR_STATE);
});

test.afterAll(async () => {
  await Promise.all([t002?.dispose(), supervisor?.dispose()]);
  await leaveLoginBudget();
});

interface Waiting {
  matNo: string;
  idTbsms: string;
  locked: boolean;
  sender: { storeCode: string };
}

/** The seeded transfer T001 sent to T002, still waiting for T002 (unlocked, all tries left). */
async function waitingFromT001(): Promise<Waiting> {
  const res = await t002.get('/api/transfers?side=in&status=new&size=50');
  expect(res.ok(), await res.text()).toBe(true);
  const items = ((await res.json()) as { data: { items: Waiting[] } }).data.items;
  const found = items.find((i) => i.sender.storeCode === 'T001' && !i.locked);
  if (!found) throw new Error('no waiting transfer from T001 to T002 in the demo data');
  return found;
}

async function typePin(page: Page, pin: string) {
  await page.getByLabel('PIN dari toko pengirim').fill(pin);
  await page.getByTestId('mat-pin-submit').click();
}

test("a supervisor's unlock reaches the receiving phone's open screen; the supervisor sees the result, not a new PIN", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const transfer = await waitingFromT001();

  // T002's phone: the confirm screen, where the crew types 5 wrong PINs and the transfer locks.
  const crewContext = await browser.newContext({ ...PHONE, baseURL, storageState: T002_STATE });
  const supervisorContext = await browser.newContext({ ...PHONE, baseURL, storageState: SUPERVISOR_STATE });
  try {
    const crew = await crewContext.newPage();
    await crew.goto(`/confirm-mat/new/${transfer.idTbsms}`);
    await expect(crew.getByTestId('mat-confirm-summary')).toContainText(transfer.matNo);
    for (let left = 4; left >= 1; left--) {
      await typePin(crew, WRONG_PIN);
      await expect(crew.getByTestId('mat-pin-help')).toContainText(`Sisa ${left} kali percobaan sebelum MAT terkunci.`);
    }
    await typePin(crew, WRONG_PIN);
    await expect(crew.getByTestId('mat-lock-notice')).toContainText('MAT terkunci');
    await expect(crew.getByTestId('mat-pin-form')).toHaveCount(0);
    await snap(crew, 'mat-live-crew-locked');
    // Marks this document: a reload would make a new one without the mark.
    await crew.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The area supervisor's phone: /mat lists it among the locked transfers; it opens the sender's detail (T001 is the active store).
    const boss = await supervisorContext.newPage();
    await boss.goto('/mat');
    const locked = boss.getByTestId(`mat-watch-locked-${transfer.matNo}`);
    await expect(locked).toBeVisible();
    await locked.click();
    await expect(boss).toHaveURL(new RegExp(`/detail-mat-out/new/${transfer.matNo}$`));
    await expect(boss.getByTestId('mat-lock-notice')).toBeVisible();
    // Not the sending store's phone: nothing that would void the crew's PIN.
    await expect(boss.getByTestId('mat-reissue')).toHaveCount(0);
    await expect(boss.getByTestId('mat-cancel')).toHaveCount(0);
    await boss.getByTestId('mat-unlock').click();
    await boss.getByRole('dialog', { name: 'Buka kunci MAT?' }).getByRole('button', { name: 'Ya, buka' }).click();
    const result = boss.getByTestId('mat-unlocked');
    await expect(result).toContainText('MAT dibuka kembali');
    await expect(result).toContainText('Kru toko tujuan (T002');
    await expect(result).toContainText('bisa memasukkan PIN yang sama');
    await expect(boss.getByTestId('mat-unlocked-done')).toHaveText('Ke menu MAT');
    await expect(boss.getByText('Buat PIN baru')).toHaveCount(0);
    await expect(boss.getByText('Batalkan MAT')).toHaveCount(0);
    await snap(boss, 'mat-live-supervisor-unlocked');

    // Back on T002's phone, untouched: the lock gives way to the PIN entry by itself.
    await expect(crew.getByTestId('mat-pin-form')).toBeVisible();
    await expect(crew.getByTestId('mat-lock-notice')).toHaveCount(0);
    expect(await crew.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await snap(crew, 'mat-live-crew-unlocked');
    // A reload at once: the saved copy does not bring the lock back.
    await crew.reload();
    await expect(crew.getByTestId('mat-pin-form')).toBeVisible();
    await expect(crew.getByTestId('mat-lock-notice')).toHaveCount(0);
    // The PIN the crew already had still works.
    await typePin(crew, DEMO_MAT_PIN);
    await expect(crew).toHaveURL(new RegExp(`/confirm-mat/proces/${transfer.idTbsms}$`));
    await expect(crew.getByTestId('mat-count-view')).toBeVisible();
  } finally {
    await Promise.all([crewContext.close(), supervisorContext.close()]);
  }
});
