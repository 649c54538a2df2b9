import { writeFile } from 'node:fs/promises';
import type { CDPSession, Page } from 'playwright-core';

// A CPU profile of a benchmark page, taken through the Chrome DevTools Protocol, so a bench can
// say where the page's time went (which script, which function) rather than only that a step
// failed. The .cpuprofile it writes opens in Chrome's DevTools Performance panel.

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[] };

export type ProfileLine = { name: string; where: string; selfMs: number; share: number };

export interface PageProfiler {
  stop(file: string): Promise<ProfileLine[]>;
}

export async function startPageProfile(page: Page): Promise<PageProfiler> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    async stop(file) {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      await cdp.detach();
      await writeFile(file, JSON.stringify(profile));
      return selfTimes(profile);
    },
  };
}

/** Self time by function, the biggest first (the samples' share of the profile's length). */
export function selfTimes(profile: Profile, top = 15): ProfileLine[] {
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const hits = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0) || 1;
  const byName = new Map<string, ProfileLine>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    const where = url ? `${url.split('/').pop()}:${lineNumber + 1}` : '';
    const key = `${name} ${where}`;
    const line = byName.get(key) ?? { name, where, selfMs: 0, share: 0 };
    line.share += (node.hitCount ?? 0) / hits;
    line.selfMs = line.share * totalMs;
    byName.set(key, line);
  }
  return [...byName.values()].sort((a, b) => b.share - a.share).slice(0, top);
}
