import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { printPage } from './use-print';

const job = { kind: 'shelf-label', title: 'Label rak SHP2611224355428', paper: { widthMm: 80, heightMm: 50 } };

let print: ReturnType<typeof vi.fn>;
beforeEach(() => {
  print = vi.fn();
  vi.stubGlobal('print', print);
});
afterEach(() => {
  delete window.GeraiNative;
  delete window.flutter_inappwebview;
  vi.unstubAllGlobals();
});

describe('printing a sheet', () => {
  it('opens the browser dialog at once when there is no native host', () => {
    const route = printPage(job);
    // In the tap's own task: before anything is awaited.
    expect(print).toHaveBeenCalledTimes(1);
    return expect(route).resolves.toBe('browser');
  });

  it('hands the job to the native host when it has print, and opens no browser dialog', async () => {
    const nativePrint = vi.fn((_job: string) => true);
    window.GeraiNative = { print: nativePrint };
    await expect(printPage(job)).resolves.toBe('native');
    expect(nativePrint).toHaveBeenCalledWith(JSON.stringify(job));
    expect(print).not.toHaveBeenCalled();
  });

  it('uses a Promise-based host (flutter_inappwebview)', async () => {
    const callHandler = vi.fn(async () => ({ ok: true }));
    window.flutter_inappwebview = { callHandler };
    await expect(printPage(job)).resolves.toBe('native');
    expect(callHandler).toHaveBeenCalledWith('print', JSON.stringify(job));
    expect(print).not.toHaveBeenCalled();
  });

  it('falls back to the browser dialog when the host cannot print or declines', async () => {
    window.GeraiNative = { getAppVersion: () => '2.0.0' };
    await expect(printPage(job)).resolves.toBe('browser');
    window.GeraiNative = { print: () => false };
    await expect(printPage(job)).resolves.toBe('browser');
    window.GeraiNative = {
      print: () => {
        throw new Error('no printer');
      },
    };
    await expect(printPage(job)).resolves.toBe('browser');
    expect(print).toHaveBeenCalledTimes(3);
  });
});
