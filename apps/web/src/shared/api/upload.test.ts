import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch } from '@/test/fetch-mock';
import { ApiError } from './api-error';
import { resetClientStateForTests } from './client';
import { checkFile, isFileRefusal, PHOTO_RULE, TICKET_FILE_RULE, uploadFile } from './upload';

const reply = { id: '6f1c2a4e-8b0d-4c3e-9a51-2d7f0e9b1c11', mime: 'image/jpeg', size: 4, url: '/api/uploads/6f1c2a4e-8b0d-4c3e-9a51-2d7f0e9b1c11' };

const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

beforeEach(() => resetClientStateForTests());
afterEach(() => vi.unstubAllGlobals());

describe('uploading a file', () => {
  it('sends it as multipart field "file" through the one client (CSRF header, Idempotency-Key, session cookies)', async () => {
    const server = mockFetch().on('POST', '/api/uploads', { status: 201, body: { message: 'Success', data: reply } });
    const file = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
    await expect(uploadFile(file, { name: 'retur.jpg' })).resolves.toEqual(reply);
    const call = server.callsTo('/api/uploads', 'POST')[0]!;
    expect(call.body).toBeInstanceOf(FormData);
    const sent = (call.body as FormData).get('file') as File;
    expect(sent.name).toBe('retur.jpg');
    expect(sent.size).toBe(4);
    expect(call.headers.get('X-Requested-With')).toBe('gerai');
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
    // The browser writes the multipart boundary itself.
    expect(call.headers.get('Content-Type')).toBeNull();
    expect(server.fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('a refused file is an ApiError with its code (413, 415), a refusal no retry changes', async () => {
    mockFetch().on('POST', '/api/uploads', fail(413, 'UPLOAD_TOO_LARGE', 'Ukuran file terlalu besar (maksimal 5 MB).'));
    const error = await uploadFile(new Blob([JPEG_HEAD])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'UPLOAD_TOO_LARGE' });
    expect(isFileRefusal(error)).toBe(true);
    expect(isFileRefusal(new ApiError({ status: 503, code: 'HTTP_503', message: 'x' }))).toBe(false);
  });

  it('refuses on the phone, sending nothing, a file the server would refuse: too large, or not of a type taken by its bytes', async () => {
    const server = mockFetch().on('POST', '/api/uploads', { status: 201, body: { message: 'Success', data: reply } });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(JPEG_HEAD);
    await expect(uploadFile(new Blob([big], { type: 'image/jpeg' }))).rejects.toMatchObject({ status: 413, code: 'UPLOAD_TOO_LARGE', message: 'Ukuran file terlalu besar (maksimal 5 MB).' });
    // The picker's claim and the name do not count: the bytes do.
    await expect(uploadFile(new File(['%PDF-1.4 nota'], 'nota.jpg', { type: 'image/jpeg' }))).rejects.toMatchObject({ status: 415, code: 'UPLOAD_TYPE_UNSUPPORTED' });
    expect(server.callsTo('/api/uploads', 'POST')).toHaveLength(0);
  });

  it('checks each kind of file by its own rule from the contract', async () => {
    const pdf = new File(['%PDF-1.4 nota'], 'nota.pdf', { type: 'application/pdf' });
    expect(await checkFile(pdf, TICKET_FILE_RULE)).toBeNull();
    expect(await checkFile(pdf, PHOTO_RULE)).toMatchObject({ code: 'UPLOAD_TYPE_UNSUPPORTED' });
    const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);
    expect(await checkFile(new Blob([webp]), PHOTO_RULE)).toBeNull();
    const big = new Uint8Array(TICKET_FILE_RULE.maxBytes + 1);
    big.set(JPEG_HEAD);
    expect(await checkFile(new Blob([big]), TICKET_FILE_RULE)).toMatchObject({ status: 413, code: 'TICKET_ATTACHMENT_TOO_LARGE' });
    // A photo made smaller later is checked for its type only, first.
    expect(await checkFile(new Blob([big]), PHOTO_RULE, { size: false })).toBeNull();
  });
});
