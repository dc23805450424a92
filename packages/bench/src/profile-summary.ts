#!/usr/bin/env node
/**
 * Summarises a `.cpuprofile` (from `pnpm bench --cpu-prof DIR`): self time by area (a package in
 * node_modules, our own package, Node internals, GC, idle) and the heaviest functions. Usage:
 * `pnpm --filter @ask-analyst/bench profile-summary FILE [--requests N]` (N: requests served while
 * profiled, to print milliseconds per request).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

/** Which part of the system a frame's script belongs to. */
export function areaOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    const name = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    if (name === '.pnpm') {
      // pnpm's store path: node_modules/.pnpm/<pkg@version>/node_modules/<pkg>/…
      return areaOf(url.slice(modules + '/node_modules/.pnpm'.length), functionName);
    }
    return name ?? url;
  }
  const ours = /\/(apps|packages)\/([^/]+)\//.exec(url);
  if (ours) return `ours: ${ours[1]}/${ours[2]}`;
  return url;
}

function main(): void {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { requests: { type: 'string' }, top: { type: 'string' } },
  });
  const file = positionals[0];
  if (!file) throw new Error('usage: profile-summary FILE.cpuprofile [--requests N] [--top N]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const msPerSample = totalMs / Math.max(1, profile.samples.length);
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = (node.hitCount ?? 0) * msPerSample;
    if (ms === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const area = areaOf(url, functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} ${area}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const idle = byArea.get('(idle)') ?? 0;
  const busy = totalMs - idle;
  const requests = values.requests ? Number(values.requests) : undefined;
  const top = values.top ? Number(values.top) : 25;
  console.log(
    `profile: ${(totalMs / 1000).toFixed(1)} s, busy ${(busy / 1000).toFixed(1)} s` +
      (requests
        ? `, ${requests} requests: ${(busy / requests).toFixed(2)} ms CPU per request`
        : ''),
  );
  const table = (title: string, entries: Map<string, number>, limit: number) => {
    console.log(`\n| ${title} | self ms | share of busy |${requests ? ' ms per request |' : ''}`);
    console.log(`|---|--:|--:|${requests ? '--:|' : ''}`);
    const sorted = [...entries].filter(([name]) => !name.startsWith('(idle)'));
    sorted.sort((a, b) => b[1] - a[1]);
    for (const [name, ms] of sorted.slice(0, limit)) {
      const perRequest = requests ? ` ${(ms / requests).toFixed(3)} |` : '';
      console.log(
        `| ${name} | ${ms.toFixed(0)} | ${((ms / busy) * 100).toFixed(1)}% |${perRequest}`,
      );
    }
  };
  table('area', byArea, 30);
  table('function', byFunction, top);
}

main();
