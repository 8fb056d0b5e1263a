import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@gerai/contract/event-types';
import { LIVE_IRRELEVANT } from '@/shared/events/live-rule';
import { LIVE_AREAS } from './live-areas';

describe('the live-update declarations', () => {
  it('every event type of the catalogue is handled by some area or declared irrelevant, with a reason', () => {
    const handled = new Set(LIVE_AREAS.flatMap((d) => [...Object.keys(d.stale), ...Object.keys(d.patch ?? {})]));
    const unaccounted = EVENT_TYPES.filter((type) => !handled.has(type) && !LIVE_IRRELEVANT[type]?.trim());
    expect(unaccounted, 'event types no area declares in its live.ts and LIVE_IRRELEVANT does not name').toEqual([]);
  });

  it('names no event type as irrelevant that an area handles, and no type the catalogue lacks', () => {
    const handled = new Set(LIVE_AREAS.flatMap((d) => [...Object.keys(d.stale), ...Object.keys(d.patch ?? {})]));
    const irrelevant = Object.keys(LIVE_IRRELEVANT);
    expect(irrelevant.filter((type) => handled.has(type))).toEqual([]);
    expect([...handled, ...irrelevant].filter((type) => !(EVENT_TYPES as readonly string[]).includes(type))).toEqual([]);
  });

  it('one declaration per area, each in its own live.ts', () => {
    const areas = LIVE_AREAS.map((d) => d.area);
    expect(new Set(areas).size).toBe(areas.length);
  });
});
