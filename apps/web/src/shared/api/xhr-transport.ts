/**
 * A fetch that reports upload progress (fetch cannot): XMLHttpRequest behind fetch's signature,
 * for the client's `transport` option. Not part of the first load: only upload screens import it.
 * `onProgress` gets the share of the body sent, 0…1.
 */
export function xhrTransport(onProgress: (sent: number) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', String(input));
      xhr.withCredentials = init.credentials !== 'omit';
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
      const signal = init.signal;
      const abort = () => xhr.abort();
      signal?.addEventListener('abort', abort, { once: true });
      const fail = (name: string) => () => {
        signal?.removeEventListener('abort', abort);
        reject(signal?.aborted ? new DOMException('Aborted', 'AbortError') : new TypeError(name));
      };
      xhr.onerror = fail('Network error');
      xhr.onabort = fail('Aborted');
      xhr.ontimeout = fail('Timeout');
      xhr.onload = () => {
        signal?.removeEventListener('abort', abort);
        onProgress(1);
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        // A Response cannot carry a body with these statuses.
        const empty = xhr.status === 204 || xhr.status === 304;
        resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, headers }));
      };
      xhr.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
    });
}
