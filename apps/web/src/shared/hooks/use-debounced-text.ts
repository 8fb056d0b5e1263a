import { useEffect, useState } from 'react';

/** How long typing must pause before a search asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search field's text and the trimmed text to search for, which follows it once typing pauses:
 * one request per pause, not per key. `searchNow` skips the pause (Enter); `reset` clears both at
 * once (the field's clear button, a pick).
 */
export function useDebouncedText(delayMs = SEARCH_DEBOUNCE_MS) {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const value = draft.trim();
    if (value === query) return;
    const timer = setTimeout(() => setQuery(value), delayMs);
    return () => clearTimeout(timer);
  }, [draft, query, delayMs]);
  const reset = () => {
    setDraft('');
    setQuery('');
  };
  const searchNow = () => setQuery(draft.trim());
  return { draft, setDraft, query, searchNow, reset };
}
