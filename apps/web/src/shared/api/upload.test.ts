import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch } from '@/test/fetch-mock';
import { ApiError } from './api-error';
import { resetClientStateForTests } from './client';
import { uploadFile } from './upload';

const reply = { id: '6f1c2a4e-8b0d-4c3e-9a51-2d7f0e9b1c11', mime: 'image/jpeg', size: 4, url: '/api/uploads/6f1c2a4e-8b0d-4c3e-9a51-2d7f0e9b1c11' };

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

  it('a refused file is an ApiError with its code (413, 415)', async () => {
    mockFetch().on('POST', '/api/uploads', fail(413, 'UPLOAD_TOO_LARGE', 'Ukuran file terlalu besar (maksimal 5 MB).'));
    const error = await uploadFile(new Blob(['x'])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'UPLOAD_TOO_LARGE' });
  });
});
