// Result tables and the comparison with the last committed result.
import { execFileSync } from 'node:child_process';

const fmt = (n, digits = 1) => (n == null ? '–' : Number(n).toFixed(digits).replace(/\.0+$/, ''));

const cpuCell = (cpu) => (cpu ? `${fmt(cpu.service, 2)} + ${fmt(cpu.postgres, 2)} + ${fmt(cpu.loadGenerator, 2)}` : '–');

export function markdownTable(report) {
  const { machine, dataset, options } = report;
  const lines = [
    `## Benchmark ${report.date.slice(0, 16).replace('T', ' ')} UTC${report.label ? ` — ${report.label}` : ''}`,
    '',
    `Machine: ${machine.cpus} × ${machine.cpuModel ?? 'CPU'}, ${machine.memoryMB} MB, ${machine.os ?? ''}, Node ${machine.node}, ${machine.postgres.split(' on ')[0]}; load average at start ${machine.loadAverage}; commit ${machine.gitCommit ?? '?'}.`,
    `Data: ${dataset.products} products (${dataset.variants} variants), ${dataset.completed_orders} completed orders, ${dataset.users} users, ${dataset.size}.`,
    `Load: ${options.duration} s per scenario after ${options.warmup} s warm-up, ${options.connections} connections (checkout: virtual customers)${
      options.repeat > 1 ? `; each scenario run ${options.repeat} times, the median run shown (all runs' req/s in brackets, errors summed over all runs)` : ''
    }.`,
    'CPU ms/req: CPU time per request of the serving processes, of all PostgreSQL processes and of the load generator. Host check: a fixed piece of JSON work timed just before the scenario (lower is faster): this shared machine\'s speed drifts by a third between hours.',
    '',
    '| scenario | workers | req/s | p50 ms | p90 ms | p99 ms | errors | queries/req | CPU ms/req: service + PostgreSQL + load | host check ms | RSS before → after MB (all processes) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of report.results) {
    lines.push(
      `| ${r.scenario} | ${r.workers} | ${fmt(r.rps)}${r.runsRps ? ` (${r.runsRps.map((x) => fmt(x)).join(', ')})` : ''} | ${fmt(r.latencyMs.p50)} | ${fmt(r.latencyMs.p90)} | ${fmt(r.latencyMs.p99)} | ${r.runsErrors ?? r.errors} | ${fmt(r.queriesPerRequest, 2)} | ${cpuCell(r.cpuMsPerRequest)} | ${fmt(r.hostCheckMs)} | ${fmt(r.rssBeforeMB)} → ${fmt(r.rssAfterMB)}${r.workers > 1 && r.rssLargestProcessAfterMB ? ` (largest process ${fmt(r.rssLargestProcessAfterMB)})` : ''} |`,
    );
  }
  for (const r of report.results.filter((x) => x.scenario === 'checkout')) {
    lines.push('', `Checkout with ${r.workers} worker(s): ${fmt(r.checkoutsPerSecond, 2)} completed checkouts/s (${r.completedCheckouts} in ${r.seconds} s), ${fmt(r.queriesPerCheckout)} queries per checkout.`, '');
    lines.push('| step | p50 ms | p90 ms | p99 ms |', '|---|---:|---:|---:|');
    for (const [step, s] of Object.entries(r.steps)) lines.push(`| ${step} | ${fmt(s.p50)} | ${fmt(s.p90)} | ${fmt(s.p99)} |`);
  }
  return lines.join('\n');
}

/** The result file of a series (file names matching `series`) committed last (as in HEAD), parsed; undefined when there is none. */
export function lastCommittedResult(root, series) {
  const git = (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
  try {
    // Newest commit first; within a commit, the latest date.
    const path = git('log', '--diff-filter=AM', '--format=%x00', '--name-only', 'HEAD', '--', 'bench/results/*.json')
      .split('\0')
      .map((commit) => commit.split('\n').filter((f) => series.test(f.split('/').at(-1))).sort().at(-1))
      .find(Boolean);
    if (!path) return undefined;
    return { path, ...JSON.parse(git('show', `HEAD:${path}`)) };
  } catch {
    return undefined;
  }
}

export function compareResults(previous, current) {
  const key = (r) => `${r.scenario}@${r.workers}`;
  const before = new Map(previous.results.map((r) => [key(r), r]));
  const change = (a, b, digits = 1) => {
    if (a == null || b == null) return `${fmt(b, digits)}`;
    const pct = a === 0 ? '' : ` (${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(0)}%)`;
    return `${fmt(a, digits)} → ${fmt(b, digits)}${pct}`;
  };
  const lines = [
    `## Change against ${previous.path} (${previous.date.slice(0, 16).replace('T', ' ')}, commit ${previous.machine?.gitCommit ?? '?'})`,
    '',
    `Data then: ${previous.dataset.products} products / ${previous.dataset.completed_orders} orders; now: ${current.dataset.products} / ${current.dataset.completed_orders}.`,
    '',
    '| scenario | req/s | p50 ms | p99 ms | queries/req | RSS after MB |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of current.results) {
    const p = before.get(key(r));
    if (!p) {
      lines.push(`| ${key(r)} | ${fmt(r.rps)} (new) | ${fmt(r.latencyMs.p50)} | ${fmt(r.latencyMs.p99)} | ${fmt(r.queriesPerRequest, 2)} | ${fmt(r.rssAfterMB)} |`);
      continue;
    }
    lines.push(
      `| ${key(r)} | ${change(p.rps, r.rps)} | ${change(p.latencyMs.p50, r.latencyMs.p50)} | ${change(p.latencyMs.p99, r.latencyMs.p99)} | ${change(p.queriesPerRequest, r.queriesPerRequest, 2)} | ${change(p.rssAfterMB, r.rssAfterMB)} |`,
    );
  }
  for (const r of current.results.filter((x) => x.scenario === 'checkout')) {
    const p = before.get(key(r));
    if (p) lines.push('', `Checkouts/s with ${r.workers} worker(s): ${change(p.checkoutsPerSecond, r.checkoutsPerSecond, 2)}`);
  }
  return lines.join('\n');
}
